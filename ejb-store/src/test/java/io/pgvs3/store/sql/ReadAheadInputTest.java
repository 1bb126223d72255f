package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** PgJDBC's 8 KiB reads are answered from one socket read of up to the buffer's size, byte for byte. */
class ReadAheadInputTest {

    /** A socket's input that hands out at most {@code perRead} bytes a read and counts its reads. */
    private static final class CountingSource extends InputStream {
        private final ByteArrayInputStream bytes;
        private final int perRead;
        int reads;

        CountingSource(byte[] data, int perRead) {
            this.bytes = new ByteArrayInputStream(data);
            this.perRead = perRead;
        }

        @Override
        public int read() {
            reads++;
            return bytes.read();
        }

        @Override
        public int read(byte[] into, int offset, int length) {
            reads++;
            return bytes.read(into, offset, Math.min(length, perRead));
        }

        @Override
        public int available() {
            return bytes.available();
        }
    }

    private static byte[] random(int length) {
        byte[] data = new byte[length];
        new Random(length).nextBytes(data);
        return data;
    }

    @Test
    void readsOfEightKibTakeOneSourceReadPerBufferAndReturnEveryByteInOrder() throws IOException {
        byte[] data = random(200_000);
        CountingSource source = new CountingSource(data, Integer.MAX_VALUE);
        ReadAheadInput input = new ReadAheadInput(source, 64 << 10);
        byte[] out = new byte[data.length];
        int at = 0;
        while (at < out.length) {
            int n = input.read(out, at, Math.min(8192, out.length - at));
            at += n;
        }
        assertArrayEquals(data, out);
        assertEquals(4, source.reads, "200,000 bytes in buffers of 64 KiB");
        assertEquals(-1, input.read(out, 0, 10));
    }

    @Test
    void aReadReturnsWhatIsHeldWithoutWaitingForMore() throws IOException {
        byte[] data = random(10_000);
        CountingSource source = new CountingSource(data, 3_000);
        ReadAheadInput input = new ReadAheadInput(source, 64 << 10);
        byte[] out = new byte[8192];
        assertEquals(3_000, input.read(out, 0, out.length), "one socket read's worth, as a socket answers");
        assertEquals(1, source.reads);
        assertArrayEquals(Arrays.copyOf(data, 3_000), Arrays.copyOf(out, 3_000));
    }

    @Test
    void aReadAsLongAsTheBufferGoesStraightToTheSourceOnceTheBufferIsEmpty() throws IOException {
        byte[] data = random(300_000);
        CountingSource source = new CountingSource(data, Integer.MAX_VALUE);
        ReadAheadInput input = new ReadAheadInput(source, 1024);
        assertEquals(data[0] & 0xff, input.read());
        byte[] rest = new byte[data.length - 1];
        int first = input.read(rest, 0, rest.length);
        assertEquals(1023, first, "what the buffer holds comes first");
        int second = input.read(rest, first, rest.length - first);
        assertEquals(rest.length - first, second);
        assertEquals(2, source.reads);
        assertArrayEquals(Arrays.copyOfRange(data, 1, data.length), rest);
    }

    @Test
    void availableCountsTheHeldBytesAndSkipConsumesThem() throws IOException {
        byte[] data = random(5_000);
        ReadAheadInput input = new ReadAheadInput(new CountingSource(data, Integer.MAX_VALUE), 4096);
        assertEquals(5_000, input.available(), "nothing held yet: the source's count");
        assertEquals(data[0] & 0xff, input.read());
        assertEquals(4095, input.available());
        assertEquals(95, input.skip(95));
        assertEquals(data[96] & 0xff, input.read());
    }
}
