package io.pgvs3.store.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import io.pgvs3.store.testing.GatedPool;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** A group counts against the limit while it runs, until it has run for the stall time (docs/adr/0072). */
class CoalescerTest {

    private static final Duration STALL = Duration.ofMillis(50);

    /** A call that records when its group started and ended, and holds its group open if asked to. */
    private static final class Timed extends Coalescer.Call {
        final boolean holds;
        volatile long groupStarted;
        volatile long groupEnded;

        Timed(boolean holds) {
            this.holds = holds;
        }
    }

    private final CountDownLatch heldRunning = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final Map<Timed, Integer> groupSizes = new ConcurrentHashMap<>();
    private final ExecutorService leaders = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        release.countDown();
        leaders.shutdownNow();
    }

    @Test
    void aStalledGroupLetsTheCallsBehindItRunInAGroupOfTheirOwn() throws Exception {
        Coalescer<Timed> coalescer = new Coalescer<>(1, STALL, this::run, "a test call");
        Timed held = new Timed(true);
        Future<?> leader = leaders.submit(() -> coalescer.submit(held));
        assertTrue(heldRunning.await(30, TimeUnit.SECONDS), "the held group never started");

        Timed behind = new Timed(false);
        coalescer.submit(behind);

        assertFalse(leader.isDone(), "the held group is still running");
        assertEquals(1, groupSizes.get(behind), "the call behind the stalled group ran in a group of its own");
        assertTrue(behind.groupStarted - held.groupStarted >= STALL.toNanos(),
                "the call behind waited until the held group had stalled");
        release.countDown();
        leader.get(30, TimeUnit.SECONDS);
    }

    @Test
    void withoutAStallTimeTheCallsBehindARunningGroupWaitForIt() throws Exception {
        Coalescer<Timed> coalescer = new Coalescer<>(1, this::run, "a test call");
        Timed held = new Timed(true);
        Future<?> leader = leaders.submit(() -> coalescer.submit(held));
        assertTrue(heldRunning.await(30, TimeUnit.SECONDS), "the held group never started");

        Timed first = new Timed(false);
        Timed second = new Timed(false);
        Future<?> followers = leaders.submit(() -> {
            Future<?> other = leaders.submit(() -> coalescer.submit(second));
            coalescer.submit(first);
            other.get(30, TimeUnit.SECONDS);
            return null;
        });
        GatedPool.awaitQueued(coalescer::queued, 2);
        release.countDown();
        leader.get(30, TimeUnit.SECONDS);
        followers.get(30, TimeUnit.SECONDS);

        assertTrue(first.groupStarted >= held.groupEnded, "the calls behind waited for the running group");
        assertEquals(2, groupSizes.get(first), "the calls behind ran in one group");
        assertEquals(first.groupStarted, second.groupStarted);
    }

    private void run(List<Timed> group) {
        long started = System.nanoTime();
        group.forEach(c -> {
            c.groupStarted = started;
            groupSizes.put(c, group.size());
        });
        if (group.stream().anyMatch(c -> c.holds)) {
            heldRunning.countDown();
            try {
                release.await(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
        long ended = System.nanoTime();
        group.forEach(c -> c.groupEnded = ended);
    }
}
