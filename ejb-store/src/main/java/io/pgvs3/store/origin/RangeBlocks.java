package io.pgvs3.store.origin;

import io.pgvs3.store.api.ByteRange;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/**
 * A range of an object as the aligned blocks of a range cache that cover it (ADR 52): block {@code n}
 * holds bytes {@code [n·blockSize, min((n+1)·blockSize, size))}, so the last block of an object may be short.
 *
 * @param size      the object's size
 * @param blockSize the bucket's {@code rangeCache}
 * @param range     the bytes wanted, within the object
 */
record RangeBlocks(long size, long blockSize, ByteRange range) {

    /** Blocks {@code first..last}, all held here or all missing. */
    record Run(int first, int last, boolean cached) {
    }

    RangeBlocks {
        if (blockSize <= 0 || range.last() >= size) {
            throw new IllegalArgumentException("range " + range + " of " + size + " bytes in blocks of " + blockSize);
        }
    }

    int first() {
        return Math.toIntExact(range.first() / blockSize);
    }

    int last() {
        return Math.toIntExact(range.last() / blockSize);
    }

    int count() {
        return last() - first() + 1;
    }

    long start(int block) {
        return block * blockSize;
    }

    long length(int block) {
        return Math.min(blockSize, size - start(block));
    }

    /** The bytes of blocks {@code first..last} of the object: what one origin GET of a run asks for. */
    ByteRange bytes(int first, int last) {
        return new ByteRange(start(first), start(last) + length(last) - 1);
    }

    /** The wanted bytes within blocks {@code first..last}, in the object's offsets. */
    ByteRange wanted(int first, int last) {
        ByteRange blocks = bytes(first, last);
        return new ByteRange(Math.max(range.first(), blocks.first()), Math.min(range.last(), blocks.last()));
    }

    /** The wanted bytes of {@code block}, in the block's own offsets. */
    ByteRange wantedInBlock(int block) {
        ByteRange wanted = wanted(block, block);
        return new ByteRange(wanted.first() - start(block), wanted.last() - start(block));
    }

    /** The blocks in order, cut into runs of those held here ({@code cached}) and of those missing. */
    List<Run> runs(Set<Integer> cached) {
        List<Run> runs = new ArrayList<>();
        int from = first();
        for (int block = first() + 1; block <= last() + 1; block++) {
            if (block > last() || cached.contains(block) != cached.contains(from)) {
                runs.add(new Run(from, block - 1, cached.contains(from)));
                from = block;
            }
        }
        return runs;
    }
}
