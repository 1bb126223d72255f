package io.pgvs3.resp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A bulk reply written straight into the buffer by its source reads exactly as one given its bytes. */
class ReplyBulkSourceTest {

    @Test
    void everyLengthReadsAsTheBulkOfItsBytes() {
        Random random = new Random(5);
        for (int length : new int[] {0, 1, 9, 10, 99, 100, 4096, 65_535, 100_000, Reply.SPILL_BYTES}) {
            byte[] value = new byte[length];
            random.nextBytes(value);
            Reply given = new Reply().ok().bulk(value).integer(7);
            Reply written = new Reply().ok().bulk(length, (dst, offset) -> System.arraycopy(value, 0, dst, offset, length))
                    .integer(7);
            assertArrayEquals(given.toBytes(), written.toBytes(), "a bulk of " + length + " bytes");
        }
    }

    @Test
    void aSourceThatFailsLeavesNothingOfItsReply() {
        Reply reply = new Reply().ok();
        byte[] before = reply.toBytes();
        assertThrows(IllegalStateException.class, () -> reply.bulk(3, (dst, offset) -> {
            Arrays.fill(dst, offset, offset + 3, (byte) 'x');
            throw new IllegalStateException("corrupt");
        }));
        reply.integer(1);
        assertArrayEquals((new String(before, StandardCharsets.US_ASCII) + ":1\r\n").getBytes(StandardCharsets.US_ASCII),
                reply.toBytes());
    }
}
