package io.pgvs3.bench.report;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The little JSON the results need: writing one flat object (strings, numbers, nested objects of
 * numbers) per line and reading it back. Not a general parser: no arrays, which the results never use.
 */
final class FlatJson {
    private FlatJson() {
    }

    static String write(Map<String, ?> object) {
        StringBuilder out = new StringBuilder(512);
        writeObject(object, out);
        return out.toString();
    }

    private static void writeObject(Map<String, ?> object, StringBuilder out) {
        out.append('{');
        boolean first = true;
        for (Map.Entry<String, ?> e : object.entrySet()) {
            if (!first) {
                out.append(',');
            }
            first = false;
            writeString(e.getKey(), out);
            out.append(':');
            writeValue(e.getValue(), out);
        }
        out.append('}');
    }

    @SuppressWarnings("unchecked")
    private static void writeValue(Object value, StringBuilder out) {
        if (value == null) {
            out.append("null");
        } else if (value instanceof Map<?, ?> map) {
            writeObject((Map<String, ?>) map, out);
        } else if (value instanceof Double d) {
            out.append(Double.isFinite(d) ? Double.toString(Math.round(d * 10_000) / 10_000.0) : "null");
        } else if (value instanceof Number || value instanceof Boolean) {
            out.append(value);
        } else {
            writeString(value.toString(), out);
        }
    }

    private static void writeString(String s, StringBuilder out) {
        out.append('"');
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '"' -> out.append("\\\"");
                case '\\' -> out.append("\\\\");
                case '\n' -> out.append("\\n");
                case '\r' -> out.append("\\r");
                case '\t' -> out.append("\\t");
                default -> {
                    if (c < 0x20) {
                        out.append(String.format("\\u%04x", (int) c));
                    } else {
                        out.append(c);
                    }
                }
            }
        }
        out.append('"');
    }

    /** Parses one object; numbers come back as Double, nested objects as maps. */
    static Map<String, Object> read(String text) {
        Reader reader = new Reader(text);
        Map<String, Object> object = reader.object();
        reader.skipSpace();
        if (reader.at < text.length()) {
            throw reader.error("trailing characters");
        }
        return object;
    }

    private static final class Reader {
        private final String text;
        private int at;

        Reader(String text) {
            this.text = text;
        }

        Map<String, Object> object() {
            expect('{');
            Map<String, Object> object = new LinkedHashMap<>();
            skipSpace();
            if (peek() == '}') {
                at++;
                return object;
            }
            for (;;) {
                skipSpace();
                String key = string();
                skipSpace();
                expect(':');
                object.put(key, value());
                skipSpace();
                char c = next();
                if (c == '}') {
                    return object;
                }
                if (c != ',') {
                    throw error("expected , or }");
                }
            }
        }

        private Object value() {
            skipSpace();
            char c = peek();
            if (c == '{') {
                return object();
            }
            if (c == '"') {
                return string();
            }
            if (text.startsWith("null", at)) {
                at += 4;
                return null;
            }
            if (text.startsWith("true", at)) {
                at += 4;
                return Boolean.TRUE;
            }
            if (text.startsWith("false", at)) {
                at += 5;
                return Boolean.FALSE;
            }
            int start = at;
            while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) {
                at++;
            }
            if (start == at) {
                throw error("expected a value");
            }
            return Double.parseDouble(text.substring(start, at));
        }

        private String string() {
            expect('"');
            StringBuilder out = new StringBuilder();
            for (;;) {
                char c = next();
                if (c == '"') {
                    return out.toString();
                }
                if (c != '\\') {
                    out.append(c);
                    continue;
                }
                char e = next();
                switch (e) {
                    case 'n' -> out.append('\n');
                    case 'r' -> out.append('\r');
                    case 't' -> out.append('\t');
                    case 'b' -> out.append('\b');
                    case 'f' -> out.append('\f');
                    case 'u' -> {
                        if (at + 4 > text.length()) {
                            throw error("short \\u escape");
                        }
                        out.append((char) Integer.parseInt(text.substring(at, at + 4), 16));
                        at += 4;
                    }
                    default -> out.append(e);
                }
            }
        }

        void skipSpace() {
            while (at < text.length() && Character.isWhitespace(text.charAt(at))) {
                at++;
            }
        }

        private char peek() {
            if (at >= text.length()) {
                throw error("unexpected end");
            }
            return text.charAt(at);
        }

        private char next() {
            char c = peek();
            at++;
            return c;
        }

        private void expect(char c) {
            if (next() != c) {
                throw error("expected " + c);
            }
        }

        IllegalArgumentException error(String what) {
            return new IllegalArgumentException(what + " at offset " + at + " of: " + text);
        }
    }
}
