package io.pgvs3.store.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.testing.Bodies;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class CopyFramerTest {

    private static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0,
        0, 0, 0, 0, 0, 0, 0, 0};

    @Test
    void smallBodyIsExactlyOneFramedRow() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CopyFramer framer = new CopyFramer(0x0102030405060708L, new BlockCodec(false), 1 << 20,
                (b, off, len) -> out.write(b, off, len));
        framer.write(new byte[] {'a', 'b', 'c'}, 0, 3);
        framer.finish();
        ByteArrayOutputStream want = new ByteArrayOutputStream();
        want.write(HEADER);
        want.write(new byte[] {0, 3, 0, 0, 0, 8, 1, 2, 3, 4, 5, 6, 7, 8, 0, 0, 0, 4, 0, 0, 0, 0, 0, 0, 0, 3,
            'a', 'b', 'c', (byte) 0xFF, (byte) 0xFF});
        assertArrayEquals(want.toByteArray(), out.toByteArray());
        assertEquals(1, framer.rows());
        assertEquals(3, framer.logicalBytes());
    }

    @Test
    void zeroByteBodyIsHeaderAndTrailerOnly() throws Exception {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CopyFramer framer = new CopyFramer(1, new BlockCodec(), 1 << 20, (b, off, len) -> out.write(b, off, len));
        framer.finish();
        byte[] want = Arrays.copyOf(HEADER, HEADER.length + 2);
        want[HEADER.length] = (byte) 0xFF;
        want[HEADER.length + 1] = (byte) 0xFF;
        assertArrayEquals(want, out.toByteArray());
        assertEquals(0, framer.rows());
    }

    @Test
    void rowsBreakAtExactBlockBoundariesWhateverTheWriteSizes() throws Exception {
        byte[] body = Bodies.random(2 * 8120 + 5, 4);
        for (int piece : new int[] {body.length, 1, 7, 8119, 8120, 8121, 10_000}) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            List<Integer> sends = new ArrayList<>();
            CopyFramer framer = new CopyFramer(42, new BlockCodec(false), 8200, (b, off, len) -> {
                sends.add(len);
                out.write(b, off, len);
            });
            for (int off = 0; off < body.length; off += piece) {
                framer.write(body, off, Math.min(piece, body.length - off));
            }
            framer.finish();
            List<byte[]> rows = parse(out.toByteArray(), 42);
            assertEquals(3, rows.size(), "piece " + piece);
            assertEquals(8120, rows.get(0).length);
            assertEquals(8120, rows.get(1).length);
            assertEquals(5, rows.get(2).length);
            assertArrayEquals(body, concat(rows), "piece " + piece);
            assertTrue(sends.size() >= 2, "a batch is sent once it reaches the batch size");
        }
    }

    @Test
    void compressibleRowsAreFramedWithTheirStoredLength() throws Exception {
        byte[] body = Bodies.compressible(3 * 8120);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CopyFramer framer = new CopyFramer(5, new BlockCodec(), 1 << 20, (b, off, len) -> out.write(b, off, len));
        framer.write(body, 0, body.length);
        framer.finish();
        List<byte[]> rows = parse(out.toByteArray(), 5);
        assertEquals(3, rows.size());
        try (BlockCodec codec = new BlockCodec()) {
            for (int i = 0; i < 3; i++) {
                assertTrue(rows.get(i).length < 8120);
                byte[] block = new byte[8120];
                codec.decode(rows.get(i), rows.get(i).length, 8120, block);
                assertArrayEquals(Arrays.copyOfRange(body, i * 8120, (i + 1) * 8120), block);
            }
        }
    }

    @Test
    void randomThenCompressibleBodyRoundTripsThroughTheReadersLengthRule() throws Exception {
        int randomBlocks = 200;
        int textBlocks = 100;
        byte[] body = new byte[(randomBlocks + textBlocks) * 8120 + 77];
        System.arraycopy(Bodies.random(randomBlocks * 8120, 11), 0, body, 0, randomBlocks * 8120);
        byte[] text = Bodies.compressible(body.length - randomBlocks * 8120);
        System.arraycopy(text, 0, body, randomBlocks * 8120, text.length);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        CopyFramer framer = new CopyFramer(6, new BlockCodec(), 64 * 1024, (b, off, len) -> out.write(b, off, len));
        for (int off = 0; off < body.length; off += 100_000) {
            framer.write(body, off, Math.min(100_000, body.length - off));
        }
        framer.finish();
        List<byte[]> rows = parse(out.toByteArray(), 6);
        assertEquals(randomBlocks + textBlocks + 1, rows.size());
        ByteArrayOutputStream decoded = new ByteArrayOutputStream();
        int compressed = 0;
        try (BlockCodec codec = new BlockCodec()) {
            for (int no = 0; no < rows.size(); no++) {
                byte[] stored = rows.get(no);
                int logical = ChunkFormat.logicalLength(body.length, no);
                assertTrue(stored.length <= logical, "row " + no + " never grows");
                if (no < randomBlocks) {
                    assertEquals(logical, stored.length, "random row " + no + " is stored raw");
                }
                compressed += stored.length < logical ? 1 : 0;
                byte[] block = new byte[logical];
                codec.decode(stored, stored.length, logical, block);
                decoded.write(block);
            }
        }
        assertArrayEquals(body, decoded.toByteArray());
        // the backoff after 200 random rows skips fewer than 32 text rows before it tries again
        assertTrue(compressed > textBlocks - 32, compressed + " compressed rows");
    }

    /** Parses binary COPY output, checking the header, field counts, file id, row numbers and trailer. */
    static List<byte[]> parse(byte[] copy, long fileId) {
        ByteBuffer in = ByteBuffer.wrap(copy);
        byte[] header = new byte[HEADER.length];
        in.get(header);
        assertArrayEquals(HEADER, header);
        List<byte[]> rows = new ArrayList<>();
        while (true) {
            short fields = in.getShort();
            if (fields == -1) {
                break;
            }
            assertEquals(3, fields);
            assertEquals(8, in.getInt());
            assertEquals(fileId, in.getLong());
            assertEquals(4, in.getInt());
            assertEquals(rows.size(), in.getInt());
            byte[] data = new byte[in.getInt()];
            in.get(data);
            rows.add(data);
        }
        assertEquals(0, in.remaining(), "nothing after the trailer");
        return rows;
    }

    private static byte[] concat(List<byte[]> rows) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        rows.forEach(out::writeBytes);
        return out.toByteArray();
    }
}
