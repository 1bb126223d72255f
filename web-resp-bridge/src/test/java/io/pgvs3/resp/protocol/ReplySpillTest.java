package io.pgvs3.resp.protocol;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.ByteArrayOutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;

/** A spilling reply writes the same bytes as one held whole, in bounded pieces, large values uncopied. */
class ReplySpillTest {

    @Test
    void spilledRepliesAreTheBytesOfTheWholeReplyInBoundedPieces() {
        byte[] large = new byte[Reply.SPILL_BYTES + 5];
        new Random(1).nextBytes(large);
        byte[] small = new byte[300_000];
        new Random(2).nextBytes(small);

        Reply whole = new Reply();
        Reply spilling = new Reply();
        ByteArrayOutputStream socket = new ByteArrayOutputStream();
        List<Integer> pieces = new ArrayList<>();
        List<Boolean> uncopied = new ArrayList<>();
        spilling.spillTo(bytes -> {
            pieces.add(bytes.remaining());
            uncopied.add(bytes.hasArray() && bytes.array() == large);
            socket.write(bytes.array(), bytes.arrayOffset() + bytes.position(), bytes.remaining());
            bytes.position(bytes.limit());
        });
        for (Reply r : List.of(whole, spilling)) {
            r.array(2).bulk(small).bulk(large);
            r.spillIfLarge();
            for (int i = 0; i < 5; i++) {
                r.bulk(small).ok();
                r.spillIfLarge();
            }
            r.bulk((byte[]) null).integer(7);
            r.spillIfLarge();
        }
        socket.writeBytes(spilling.toBytes());

        assertArrayEquals(whole.toBytes(), socket.toByteArray());
        assertTrue(uncopied.contains(true), "the large value went out as it was");
        assertTrue(pieces.stream().allMatch(n -> n <= 2 * Reply.SPILL_BYTES), "pieces " + pieces);
        assertTrue(spilling.size() <= Reply.SPILL_BYTES, "left buffered: " + spilling.size());
        assertEquals(whole.toBytes().length, socket.size());
    }
}
