package io.pgvs3.admin.stat;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.RecordComponent;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * A small JSON writer for the store's API records: a record becomes an object with its component names
 * as keys; a {@link Duration} becomes seconds under the key {@code <name>Seconds}; an {@link Instant} an
 * ISO-8601 string. Enough for these reports without a JSON library.
 */
final class RecordJson {

    private final StringBuilder out = new StringBuilder();

    static String of(Object value) {
        RecordJson json = new RecordJson();
        json.value(value);
        return json.out.toString();
    }

    private void value(Object value) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Boolean || value instanceof Integer || value instanceof Long) {
            out.append(value);
        } else if (value instanceof Double d) {
            out.append(String.format(Locale.ROOT, "%.3f", d));
        } else if (value instanceof Duration d) {
            value(d.toMillis() / 1000.0);
        } else if (value instanceof Instant || value instanceof String) {
            string(value.toString());
        } else if (value instanceof List<?> list) {
            array(list);
        } else if (value instanceof Object[] fields) {
            object(fields);
        } else if (value.getClass().isRecord()) {
            record(value);
        } else {
            throw new IllegalArgumentException("no JSON form for " + value.getClass().getName());
        }
    }

    private void array(List<?> list) {
        out.append('[');
        for (int i = 0; i < list.size(); i++) {
            out.append(i == 0 ? "" : ",");
            value(list.get(i));
        }
        out.append(']');
    }

    /** An object from alternating names and values. */
    private void object(Object[] fields) {
        out.append('{');
        for (int i = 0; i + 1 < fields.length; i += 2) {
            out.append(i == 0 ? "" : ",");
            string((String) fields[i]);
            out.append(':');
            value(fields[i + 1]);
        }
        out.append('}');
    }

    private void record(Object record) {
        RecordComponent[] components = record.getClass().getRecordComponents();
        Object[] fields = new Object[components.length * 2];
        for (int i = 0; i < components.length; i++) {
            RecordComponent component = components[i];
            boolean duration = component.getType() == Duration.class;
            fields[2 * i] = component.getName() + (duration ? "Seconds" : "");
            try {
                fields[2 * i + 1] = component.getAccessor().invoke(record);
            } catch (IllegalAccessException | InvocationTargetException e) {
                throw new IllegalStateException("cannot read " + component, e);
            }
        }
        object(fields);
    }

    private void string(String s) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char ch = s.charAt(i);
            switch (ch) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (ch < 0x20) {
                        out.append(String.format(Locale.ROOT, "\\u%04x", (int) ch));
                    } else {
                        out.append(ch);
                    }
                }
            }
        }
        out.append('"');
    }
}
