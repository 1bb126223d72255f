package io.pgvs3.store.health;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class BoundedCheckTest {

    private final ExecutorService executor = Executors.newCachedThreadPool();

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    void aHungCheckIsUnansweredAndLaterCallersJoinItInsteadOfStartingMore() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        BoundedCheck<String> check = new BoundedCheck<>(() -> {
            runs.incrementAndGet();
            await(release);
            return "answered";
        }, executor, why -> "unanswered: " + why);

        assertEquals("unanswered: no answer in time", check.begin().await(Duration.ZERO));
        assertEquals("unanswered: no answer in time", check.begin().await(Duration.ZERO));
        // begun while the run is still in flight, so it must join it; begun after the release, it could
        // find the run finished and rightly start another (a race the test must not depend on)
        BoundedCheck<String>.Pending joined = check.begin();
        release.countDown();
        assertEquals("answered", joined.await(Duration.ofMinutes(1)));
        assertEquals(1, runs.get(), "one run served every caller while it was in flight");
    }

    @Test
    void aFinishedRunIsFollowedByANewOne() {
        AtomicInteger runs = new AtomicInteger();
        BoundedCheck<Integer> check = new BoundedCheck<>(runs::incrementAndGet, executor, why -> -1);
        assertEquals(1, check.begin().await(Duration.ofMinutes(1)));
        assertEquals(2, check.begin().await(Duration.ofMinutes(1)));
    }

    @Test
    void aFailingOrRefusedCheckIsUnanswered() {
        BoundedCheck<String> failing = new BoundedCheck<>(() -> {
            throw new IllegalStateException("boom");
        }, executor, why -> why);
        assertEquals("the check failed: java.lang.IllegalStateException: boom",
                failing.begin().await(Duration.ofMinutes(1)));
        ExecutorService stopped = Executors.newSingleThreadExecutor();
        stopped.shutdown();
        BoundedCheck<String> refused = new BoundedCheck<>(() -> "never", stopped, why -> "refused");
        assertEquals("refused", refused.begin().await(Duration.ofMinutes(1)));
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
