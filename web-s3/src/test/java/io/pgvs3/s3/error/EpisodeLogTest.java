package io.pgvs3.s3.error;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

class EpisodeLogTest {

    private final AtomicLong now = new AtomicLong(1_000);
    private final EpisodeLog log = new EpisodeLog(now::get);

    @Test
    void theFirstFailureOfAnEpisodeIsLoudAndTheRestQuiet() {
        assertEquals(0, log.record());
        now.addAndGet(EpisodeLog.QUIET.toNanos() - 1);
        assertEquals(-1, log.record());
        now.addAndGet(EpisodeLog.QUIET.toNanos() - 1);
        assertEquals(-1, log.record(), "each failure keeps the episode going");
    }

    @Test
    void aQuietSpellEndsTheEpisodeAndTheNextOneCountsThePrevious() {
        log.record();
        log.record();
        log.record();
        now.addAndGet(EpisodeLog.QUIET.toNanos());
        assertEquals(3, log.record());
        assertEquals(-1, log.record());
    }
}
