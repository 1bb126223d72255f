package io.pgvs3.store.read;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.postgresql.copy.CopyOut;

/** The binary COPY parser over any division of the stream into protocol messages. */
class BinaryCopyRowsTest {

    private static final byte[][] ROWS = {new byte[8120], new byte[17], new byte[0], new byte[8120]};

    static {
        Random random = new Random(5);
        for (byte[] row : ROWS) {
            random.nextBytes(row);
        }
    }

    @Test
    void rowsReadTheSameHoweverTheStreamIsCutIntoMessages() throws Exception {
        byte[] stream = stream(true);
        for (int cut : new int[] {1, 2, 3, 7, 19, 4096, 8133, stream.length}) {
            try (BinaryCopyRows rows = BinaryCopyRows.open(new Messages(stream, cut))) {
                for (int i = 0; i < ROWS.length; i++) {
                    assertTrue(rows.next(), "row " + i + " at cut " + cut);
                    assertEquals(100 + i, rows.no());
                    assertArrayEquals(ROWS[i], Arrays.copyOfRange(rows.data(), rows.dataOffset(),
                            rows.dataOffset() + rows.dataLength()), "row " + i + " at cut " + cut);
                }
                assertFalse(rows.next());
            }
        }
    }

    @Test
    void aStreamWithoutItsTrailerOrSignatureFails() throws Exception {
        byte[] truncated = stream(false);
        try (BinaryCopyRows rows = BinaryCopyRows.open(new Messages(truncated, 100))) {
            for (int i = 0; i < ROWS.length; i++) {
                assertTrue(rows.next());
            }
            assertThrows(IOException.class, rows::next);
        }
        byte[] text = "1\tabc\n".getBytes();
        assertThrows(IOException.class, () -> BinaryCopyRows.open(new Messages(text, text.length)));
    }

    /** The binary COPY form of {@link #ROWS} as rows 100, 101, ...; with or without the trailer. */
    private static byte[] stream(boolean trailer) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputStream out = new DataOutputStream(bytes);
        out.write(new byte[] {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xff, '\r', '\n', 0});
        out.writeInt(0);
        out.writeInt(3); // a header extension the reader must skip
        out.write(new byte[] {9, 9, 9});
        for (int i = 0; i < ROWS.length; i++) {
            out.writeShort(2);
            out.writeInt(4);
            out.writeInt(100 + i);
            out.writeInt(ROWS[i].length);
            out.write(ROWS[i]);
        }
        if (trailer) {
            out.writeShort(-1);
        }
        return bytes.toByteArray();
    }

    /** A finished COPY's messages: the stream cut every {@code cut} bytes. */
    private static final class Messages implements CopyOut {
        private final Deque<byte[]> messages = new ArrayDeque<>();

        Messages(byte[] stream, int cut) {
            for (int at = 0; at < stream.length; at += cut) {
                messages.add(Arrays.copyOfRange(stream, at, Math.min(stream.length, at + cut)));
            }
        }

        @Override
        public byte[] readFromCopy() {
            return messages.poll();
        }

        @Override
        public byte[] readFromCopy(boolean block) {
            return readFromCopy();
        }

        @Override
        public int getFieldCount() {
            return 2;
        }

        @Override
        public int getFormat() {
            return 1;
        }

        @Override
        public int getFieldFormat(int field) {
            return 1;
        }

        @Override
        public boolean isActive() {
            return !messages.isEmpty();
        }

        @Override
        public void cancelCopy() {
            messages.clear();
        }

        @Override
        public long getHandledRowCount() {
            return ROWS.length;
        }
    }
}
