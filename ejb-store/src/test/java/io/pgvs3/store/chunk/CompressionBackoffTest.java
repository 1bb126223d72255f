package io.pgvs3.store.chunk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CompressionBackoffTest {

    /** Runs {@code blocks} blocks whose compression always gives {@code shrinks}; returns how many were tried. */
    private static int tries(CompressionBackoff backoff, int blocks, boolean shrinks) {
        int tried = 0;
        for (int i = 0; i < blocks; i++) {
            if (backoff.shouldTry()) {
                tried++;
                backoff.tried(shrinks);
            }
        }
        return tried;
    }

    @Test
    void compressibleBlocksAreAllTried() {
        assertEquals(1000, tries(new CompressionBackoff(), 1000, true));
    }

    @Test
    void incompressibleBlocksAreTriedAboutOnceInMaxSkip() {
        int blocks = 100 * CompressionBackoff.MAX_SKIP;
        int tried = tries(new CompressionBackoff(), blocks, false);
        // 1, 2, 4, ... MAX_SKIP skipped after each miss: ~100 tries plus the few of the ramp
        assertTrue(tried >= 100 && tried <= 110, "tried " + tried);
    }

    @Test
    void aCompressibleStretchIsFoundWithinMaxSkipBlocks() {
        CompressionBackoff backoff = new CompressionBackoff();
        tries(backoff, 10_000, false);
        int rawBeforeFirstTry = 0;
        while (!backoff.shouldTry()) {
            rawBeforeFirstTry++;
        }
        assertTrue(rawBeforeFirstTry < CompressionBackoff.MAX_SKIP, "skipped " + rawBeforeFirstTry);
        backoff.tried(true);
        assertEquals(100, tries(backoff, 100, true), "one block that shrank ends the backoff");
    }

    @Test
    void aSingleMissSkipsOnlyOneBlock() {
        CompressionBackoff backoff = new CompressionBackoff();
        assertTrue(backoff.shouldTry());
        backoff.tried(false);
        assertEquals(false, backoff.shouldTry());
        assertTrue(backoff.shouldTry());
    }
}
