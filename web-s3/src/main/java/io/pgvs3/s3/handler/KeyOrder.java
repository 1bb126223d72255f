package io.pgvs3.s3.handler;

import java.util.Iterator;
import java.util.List;
import java.util.function.Consumer;
import java.util.function.Function;

/** Listings return entries and CommonPrefixes interleaved in key order, as S3 does. */
final class KeyOrder {

    private KeyOrder() {
    }

    /** Writes {@code entries} (each with its key) and {@code prefixes}, both already in key order, merged. */
    static <T> void interleave(List<T> entries, Function<T, String> key, List<String> prefixes,
                               Consumer<T> writeEntry, Consumer<String> writePrefix) {
        Iterator<T> e = entries.iterator();
        Iterator<String> p = prefixes.iterator();
        T entry = e.hasNext() ? e.next() : null;
        String prefix = p.hasNext() ? p.next() : null;
        while (entry != null || prefix != null) {
            if (prefix == null || (entry != null && key.apply(entry).compareTo(prefix) < 0)) {
                writeEntry.accept(entry);
                entry = e.hasNext() ? e.next() : null;
            } else {
                writePrefix.accept(prefix);
                prefix = p.hasNext() ? p.next() : null;
            }
        }
    }
}
