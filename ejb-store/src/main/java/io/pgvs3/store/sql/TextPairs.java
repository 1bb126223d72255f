package io.pgvs3.store.sql;

import java.sql.Array;
import java.sql.SQLException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/** A {@code text[]} column of {@code [name, value, ...]} pairs ({@code user_metadata}, {@code content_headers}). */
public final class TextPairs {

    private TextPairs() {
    }

    /** The pairs in their stored order; an absent array has none. */
    public static Map<String, String> of(Array array) throws SQLException {
        if (array == null) {
            return Map.of();
        }
        String[] flat = (String[]) array.getArray();
        Map<String, String> out = new LinkedHashMap<>();
        for (int i = 0; i + 1 < flat.length; i += 2) {
            out.put(flat[i], flat[i + 1]);
        }
        return Collections.unmodifiableMap(out);
    }
}
