package io.pgvs3.store.write;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

import java.security.MessageDigest;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Test;

/**
 * The digest lane against the JDK's MD5 and SHA-256 of the same bytes, however the body is cut, whoever
 * digests it (a worker, the caller because no worker started, or the caller alone), and with kept bytes
 * between handed-over buffers.
 */
class DigestLaneTest {

    private static final int BUFFER = 4096;
    private static final ExecutorService POOL = Executors.newFixedThreadPool(2);

    @AfterAll
    static void stopPool() {
        POOL.shutdownNow();
    }

    @Test
    void aWorkerDigestsWhatIsHandedOverInOrder() {
        for (long seed = 0; seed < 200; seed++) {
            assertSameAsOnePass(POOL, seed);
        }
    }

    @Test
    void aRefusingExecutorLeavesTheDigestToTheCaller() {
        Executor refusing = task -> {
            throw new RejectedExecutionException("full");
        };
        for (long seed = 0; seed < 20; seed++) {
            assertSameAsOnePass(refusing, seed);
        }
    }

    @Test
    void tasksThatNeverStartCostProgressNothingAndDoNothingWhenTheyRunLate() {
        List<Runnable> neverStarted = new ArrayList<>();
        assertTimeoutPreemptively(Duration.ofSeconds(30), () -> {
            for (long seed = 0; seed < 20; seed++) {
                assertSameAsOnePass(neverStarted::add, seed);
            }
        });
        neverStarted.forEach(Runnable::run); // a lane already finished or taken: nothing to do
    }

    @Test
    void withoutWorkersEverythingIsDigestedOnTheCallersThread() {
        for (long seed = 0; seed < 20; seed++) {
            assertSameAsOnePass(null, seed);
        }
    }

    /** A random body, cut at random into handed-over buffers and kept pieces, against one MD5 pass. */
    private static void assertSameAsOnePass(Executor workers, long seed) {
        Random random = new Random(seed);
        MessageDigest md5 = digest("MD5");
        MessageDigest sha256 = digest("SHA-256");
        DigestLane lane = new DigestLane(workers, BUFFER);
        int pieces = 1 + random.nextInt(40);
        for (int i = 0; i < pieces; i++) {
            if (random.nextInt(5) == 0) {
                byte[] kept = new byte[random.nextInt(3 * BUFFER)];
                random.nextBytes(kept);
                int off = kept.length == 0 ? 0 : random.nextInt(kept.length);
                lane.digestNow(kept, off, kept.length - off);
                md5.update(kept, off, kept.length - off);
                sha256.update(kept, off, kept.length - off);
            } else {
                byte[] buffer = lane.buffer();
                int length = random.nextInt(BUFFER + 1);
                random.nextBytes(buffer); // the whole buffer: bytes past length must not count
                lane.digest(buffer, length);
                md5.update(buffer, 0, length);
                sha256.update(buffer, 0, length);
            }
        }
        byte[][] digests = lane.finish();
        assertArrayEquals(md5.digest(), digests[0], "MD5, seed " + seed);
        assertArrayEquals(sha256.digest(), digests[1], "SHA-256, seed " + seed);
        lane.close();
    }

    private static MessageDigest digest(String algorithm) {
        try {
            return MessageDigest.getInstance(algorithm);
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
