package io.pgvs3.e2e.resp;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.e2e.Stack;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.UUID;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.Pipeline;
import redis.clients.jedis.Response;

/** A reply means committed: what a gateway acknowledged survives its SIGKILL, read back after a restart. */
@ExtendWith(Stack.class)
class RespDurabilityIT {

    @Test
    void acknowledgedValuesSurviveAKilledGateway() throws Exception {
        String prefix = "durable:" + UUID.randomUUID() + ":";
        byte[] large = new byte[3 << 20];
        new Random(7).nextBytes(large);
        try (Jedis j = jedis(1)) {
            Pipeline p = j.pipelined();
            List<Response<String>> acks = new ArrayList<>();
            for (int i = 0; i < 1000; i++) {
                acks.add(p.set(prefix + i, "v" + i));
            }
            p.sync();
            acks.forEach(r -> assertEquals("OK", r.get()));
            assertEquals("OK", j.set((prefix + "large").getBytes(StandardCharsets.US_ASCII), large));
            assertEquals(42, j.incrBy(prefix + "counter", 42));
            assertEquals(1, j.expire(prefix + "ttl", 0) + 1, "EXPIRE on a missing key answers 0");
            assertEquals("OK", j.setex(prefix + "ttl", 3600, "t"));
        }

        Stack.killAndRestart(1);

        try (Jedis j = jedis(1)) {
            for (int i = 0; i < 1000; i++) {
                assertEquals("v" + i, j.get(prefix + i), "key " + i + " after the restart");
            }
            assertArrayEquals(large, j.get((prefix + "large").getBytes(StandardCharsets.US_ASCII)));
            assertEquals("42", j.get(prefix + "counter"));
            assertEquals("t", j.get(prefix + "ttl"));
            long ttl = j.ttl(prefix + "ttl");
            assertEquals(true, ttl > 3000 && ttl <= 3600, "TTL survives too: " + ttl);
        }
    }

    private static Jedis jedis(int gateway) {
        InetSocketAddress a = Stack.respAddress(gateway);
        return new Jedis(new HostAndPort(a.getHostString(), a.getPort()), DefaultJedisClientConfig.builder()
                .password(Stack.secretKey()).socketTimeoutMillis(60_000).build());
    }
}
