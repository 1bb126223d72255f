package io.pgvs3.store.testing;

import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.read.ObjectReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;

/** Test bodies and small helpers. */
public final class Bodies {

    private Bodies() {
    }

    public static byte[] random(int size, long seed) {
        byte[] b = new byte[size];
        new Random(seed).nextBytes(b);
        return b;
    }

    /** Text-like, highly compressible, but not constant (so slices differ). */
    public static byte[] compressible(int size) {
        byte[] b = new byte[size];
        byte[] line = "the quick brown fox jumps over the lazy dog 0123456789\n".getBytes(StandardCharsets.US_ASCII);
        for (int i = 0; i < size; i++) {
            b[i] = line[i % line.length];
            if (i % 4096 == 0) {
                b[i] = (byte) ('A' + (i / 4096) % 26);
            }
        }
        return b;
    }

    public static PutSpec spec(String bucket, String key, long declared) {
        return new PutSpec(bucket, key, null, Map.of(), WriteCondition.NONE, declared, null, null);
    }

    public static PutSpec spec(String bucket, String key, long declared, WriteCondition condition) {
        return new PutSpec(bucket, key, null, Map.of(), condition, declared, null, null);
    }

    public static byte[] read(ObjectReader reader, ObjectMeta meta, ByteRange range) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try {
            reader.readBody(meta, range, out);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out.toByteArray();
    }
}
