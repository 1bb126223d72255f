package io.pgvs3.bench.report;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class SlowReadResultTest {

    private static SlowReadResult result(int probes, long notRemovable, long ok, long unavailable, long failed) {
        return new SlowReadResult("r", "b", 64L << 20, 1024, "HTTP/1.1 200 OK", 61_440, 60.0, "the client", probes,
                notRemovable, 1, 0, 0.1, ok, unavailable, failed, 120);
    }

    @Test
    void passesOnlyWhenVacuumRemovedEverythingAndEveryOtherCallSucceeded() {
        assertTrue(result(5, 0, 100, 0, 0).passed());
        assertFalse(result(5, 1000, 100, 0, 0).passed(), "a download that held VACUUM back");
        assertFalse(result(5, 0, 100, 3, 0).passed(), "other clients answered 503");
        assertFalse(result(5, 0, 100, 0, 1).passed(), "other clients failed otherwise");
        assertFalse(result(0, 0, 100, 0, 0).passed(), "no VACUUM probe ran");
        assertFalse(result(5, 0, 0, 0, 0).passed(), "no other call was made");
    }

    @Test
    void theTableSaysWhatFailed() {
        assertTrue(result(5, 0, 100, 0, 0).markdown().contains("| verdict | passed"));
        String failed = result(5, 1000, 100, 0, 0).markdown();
        assertTrue(failed.contains("at most 1000 of 1,000 dead tuples not removable"), failed);
        assertTrue(failed.contains("| verdict | FAILED"), failed);
        assertTrue(result(5, 0, 100, 0, 0).toJson().contains("\"not_removable_max\":0"));
    }
}
