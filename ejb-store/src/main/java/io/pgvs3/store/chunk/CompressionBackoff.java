package io.pgvs3.store.chunk;

/**
 * Decides, block by block of one file, whether compressing is worth a try. The real compressor is the
 * probe: a block that did not shrink makes the next ones skip compression, for twice as many blocks after
 * each further miss (up to {@link #MAX_SKIP}); a block that shrank resets the run. Random data is then
 * compressed about once every {@code MAX_SKIP} blocks, while compressible data is tried on every block
 * and a compressible stretch after an incompressible one is found within {@code MAX_SKIP} blocks.
 * Skipping only ever stores a block raw, which is always correct. One instance per file; not thread-safe.
 */
public final class CompressionBackoff {

    /** Longest run of blocks stored raw without a try: 32 blocks are about 254 KiB. */
    static final int MAX_SKIP = 32;

    private int skip;
    private int skipLeft;

    /** Whether the next block is to be compressed; a false answer counts that block as skipped. */
    public boolean shouldTry() {
        if (skipLeft > 0) {
            skipLeft--;
            return false;
        }
        return true;
    }

    /** Reports whether the block just tried shrank. */
    public void tried(boolean shrank) {
        skip = shrank ? 0 : Math.min(Math.max(1, skip * 2), MAX_SKIP);
        skipLeft = skip;
    }
}
