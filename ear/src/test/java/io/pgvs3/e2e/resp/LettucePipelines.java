package io.pgvs3.e2e.resp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.lettuce.core.LettuceFutures;
import io.lettuce.core.RedisFuture;
import io.lettuce.core.api.StatefulRedisConnection;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/** Lettuce's async pipelining as its users write it, over whatever connection a test opened. */
final class LettucePipelines {

    static final int KEYS = 2000;

    private LettucePipelines() {
    }

    /** {@value #KEYS} SETs flushed at once, then as many GETs, every value checked. */
    static void setThenGet(StatefulRedisConnection<byte[], byte[]> connection, String prefix) throws Exception {
        RedisAsyncCommands<byte[], byte[]> async = connection.async();
        connection.setAutoFlushCommands(false);
        List<RedisFuture<String>> sets = new ArrayList<>();
        for (int i = 0; i < KEYS; i++) {
            sets.add(async.set(bytes(prefix + i), bytes("value-" + i)));
        }
        connection.flushCommands();
        assertTrue(LettuceFutures.awaitAll(Duration.ofSeconds(60), sets.toArray(new RedisFuture[0])));
        List<RedisFuture<byte[]>> gets = new ArrayList<>();
        for (int i = 0; i < KEYS; i++) {
            gets.add(async.get(bytes(prefix + i)));
        }
        connection.flushCommands();
        assertTrue(LettuceFutures.awaitAll(Duration.ofSeconds(60), gets.toArray(new RedisFuture[0])));
        for (int i = 0; i < KEYS; i++) {
            assertEquals("value-" + i, new String(gets.get(i).get(), StandardCharsets.US_ASCII));
        }
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }
}
