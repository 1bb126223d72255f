package io.pgvs3.store.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.api.ByteRange;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The block arithmetic of range caches: which aligned blocks cover a range, and their runs. */
class RangeBlocksTest {

    private static final long MIB = 1 << 20;
    /** 12 MiB and a bit: the last of its 1 MiB blocks holds 1,000 bytes. */
    private static final long SIZE = 12 * MIB + 1_000;

    private static RangeBlocks blocks(long first, long last) {
        return new RangeBlocks(SIZE, MIB, new ByteRange(first, last));
    }

    @Test
    void aRangeWithinOneBlockIsThatBlock() {
        RangeBlocks blocks = blocks(MIB + 5, MIB + 9);
        assertEquals(1, blocks.first());
        assertEquals(1, blocks.last());
        assertEquals(new ByteRange(MIB, 2 * MIB - 1), blocks.bytes(1, 1));
        assertEquals(new ByteRange(5, 9), blocks.wantedInBlock(1));
        assertEquals(List.of(new RangeBlocks.Run(1, 1, false)), blocks.runs(Set.of()));
    }

    @Test
    void aSuffixRangeEndsInTheShortLastBlock() {
        // bytes=-8: a Parquet footer
        RangeBlocks blocks = blocks(SIZE - 8, SIZE - 1);
        assertEquals(12, blocks.first());
        assertEquals(12, blocks.last());
        assertEquals(1_000, blocks.length(12));
        assertEquals(new ByteRange(12 * MIB, SIZE - 1), blocks.bytes(12, 12));
        assertEquals(new ByteRange(992, 999), blocks.wantedInBlock(12));
    }

    @Test
    void aSuffixRangeLongerThanTheLastBlockReachesIntoTheOneBefore() {
        // bytes=-65536 reads the footer's length and the footer itself
        RangeBlocks blocks = blocks(SIZE - 65_536, SIZE - 1);
        assertEquals(11, blocks.first());
        assertEquals(12, blocks.last());
        assertEquals(new ByteRange(11 * MIB, SIZE - 1), blocks.bytes(11, 12));
        assertEquals(new ByteRange(MIB - 64_536, MIB - 1), blocks.wantedInBlock(11));
        assertEquals(new ByteRange(0, 999), blocks.wantedInBlock(12));
    }

    @Test
    void aRangeOnBlockBoundariesTakesNoBlockMore() {
        RangeBlocks blocks = blocks(2 * MIB, 4 * MIB - 1);
        assertEquals(2, blocks.first());
        assertEquals(3, blocks.last());
        assertEquals(new ByteRange(0, MIB - 1), blocks.wantedInBlock(2));
        assertEquals(new ByteRange(0, MIB - 1), blocks.wantedInBlock(3));
        RangeBlocks oneByteOver = blocks(2 * MIB - 1, 4 * MIB);
        assertEquals(1, oneByteOver.first());
        assertEquals(4, oneByteOver.last());
        assertEquals(new ByteRange(MIB - 1, MIB - 1), oneByteOver.wantedInBlock(1));
        assertEquals(new ByteRange(0, 0), oneByteOver.wantedInBlock(4));
    }

    @Test
    void aRangeAcrossManyBlocksIsCutIntoRunsOfCachedAndMissingBlocks() {
        // a column chunk from inside block 1 to inside block 9
        RangeBlocks blocks = blocks(MIB + 100, 9 * MIB + 100);
        assertEquals(9, blocks.count());
        assertEquals(List.of(new RangeBlocks.Run(1, 2, false), new RangeBlocks.Run(3, 4, true),
                new RangeBlocks.Run(5, 5, false), new RangeBlocks.Run(6, 6, true), new RangeBlocks.Run(7, 9, false)),
                blocks.runs(Set.of(3, 4, 6, 11)));
        assertEquals(new ByteRange(MIB, 3 * MIB - 1), blocks.bytes(1, 2));
        assertEquals(new ByteRange(MIB + 100, 3 * MIB - 1), blocks.wanted(1, 2));
        assertEquals(new ByteRange(7 * MIB, 9 * MIB + 100), blocks.wanted(7, 9));
        assertEquals(List.of(new RangeBlocks.Run(1, 9, true)), blocks.runs(Set.of(1, 2, 3, 4, 5, 6, 7, 8, 9)));
    }

    @Test
    void theWholeObjectEndsWithItsShortBlock() {
        RangeBlocks blocks = blocks(0, SIZE - 1);
        assertEquals(13, blocks.count());
        assertEquals(new ByteRange(0, SIZE - 1), blocks.bytes(0, 12));
        assertEquals(List.of(new RangeBlocks.Run(0, 11, true), new RangeBlocks.Run(12, 12, false)),
                blocks.runs(Set.of(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11)));
    }

    @Test
    void anObjectOfWholeBlocksHasNoShortOne() {
        RangeBlocks blocks = new RangeBlocks(12 * MIB, MIB, new ByteRange(12 * MIB - 1, 12 * MIB - 1));
        assertEquals(11, blocks.last());
        assertEquals(MIB, blocks.length(11));
        assertEquals(new ByteRange(MIB - 1, MIB - 1), blocks.wantedInBlock(11));
    }

    @Test
    void aRangePastTheObjectIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> blocks(SIZE - 1, SIZE));
    }
}
