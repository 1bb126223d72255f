package io.pgvs3.bench.http;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;

import java.io.ByteArrayOutputStream;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

class RandomBodyTest {
    private static byte[] bytes(RandomBody body, long from, long count) throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        body.writeRange(from, count, out);
        return out.toByteArray();
    }

    @Test
    void aBodyIsRepeatableAndItsRangesAreItsSlices() throws Exception {
        RandomBody body = new RandomBody(RandomBody.POOL_SIZE + 5000L, 7);
        byte[] whole = bytes(body, 0, body.length());
        assertEquals(body.length(), whole.length);
        assertArrayEquals(whole, bytes(new RandomBody(body.length(), 7), 0, body.length()));
        // a range across the pool's wrap-around is the same bytes as the whole body's slice
        long from = RandomBody.POOL_SIZE - 3000L;
        assertArrayEquals(Arrays.copyOfRange(whole, (int) from, (int) from + 6000), bytes(body, from, 6000));
    }

    @Test
    void seedsGiveDifferentBodiesAndTheHashCoversTheBytes() throws Exception {
        RandomBody a = new RandomBody(4096, 1);
        RandomBody b = new RandomBody(4096, 2);
        assertFalse(Arrays.equals(bytes(a, 0, 4096), bytes(b, 0, 4096)));
        assertEquals(Body.of(bytes(a, 0, 4096)).sha256Hex(), a.sha256Hex());
        assertNotEquals(a.sha256Hex(), b.sha256Hex());
        assertEquals("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855",
                new RandomBody(0, 3).sha256Hex());
    }
}
