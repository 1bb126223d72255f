package io.pgvs3.s3.limit;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class AdmissionQueueTest {

    /** Long enough that no waiter of these tests runs out of it unless a test means it to. */
    private static final long AN_HOUR = Duration.ofHours(1).toNanos();

    private final ExecutorService callers = Executors.newCachedThreadPool();

    @AfterEach
    void stopCallers() {
        callers.shutdownNow();
    }

    @Test
    void admitsUpToTheLimitAtOnceAndRefusesTheNextWithoutPatience() {
        AdmissionQueue queue = new AdmissionQueue(2, 8, 0);
        assertTrue(queue.tryAcquire());
        assertTrue(queue.tryAcquire());
        assertFalse(queue.tryAcquire(), "no permit and no patience");
        assertEquals(2, queue.held());
        assertEquals(0, queue.waiting(), "a refused caller does not stay queued");
        queue.release();
        assertTrue(queue.tryAcquire(), "a released permit is free again");
    }

    @Test
    void aReleasedPermitGoesToTheWaitersInTheOrderTheyCame() throws Exception {
        AdmissionQueue queue = new AdmissionQueue(1, 8, AN_HOUR);
        assertTrue(queue.tryAcquire());
        List<CompletableFuture<Boolean>> waiters = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            waiters.add(CompletableFuture.supplyAsync(queue::tryAcquire, callers));
            awaitWaiting(queue, i + 1);
        }
        for (int admitted = 0; admitted < 3; admitted++) {
            queue.release();
            assertTrue(waiters.get(admitted).get(1, TimeUnit.MINUTES), "waiter " + admitted + " admitted");
            for (int later = admitted + 1; later < 3; later++) {
                assertFalse(waiters.get(later).isDone(), "waiter " + later + " still waits its turn");
            }
            assertEquals(1, queue.held(), "the permit passed over, never counted free");
        }
        assertEquals(0, queue.waiting());
    }

    @Test
    void aNewcomerDoesNotOvertakeAWaiter() throws Exception {
        AdmissionQueue queue = new AdmissionQueue(1, 8, AN_HOUR);
        assertTrue(queue.tryAcquire());
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(queue::tryAcquire, callers);
        awaitWaiting(queue, 1);
        queue.release();
        assertTrue(first.get(1, TimeUnit.MINUTES));
        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(queue::tryAcquire, callers);
        awaitWaiting(queue, 1);
        assertFalse(second.isDone(), "the permit is the first waiter's");
        queue.release();
        assertTrue(second.get(1, TimeUnit.MINUTES));
    }

    @Test
    void oneMoreThanTheWaitersAllowedIsRefusedAtOnce() throws Exception {
        AdmissionQueue queue = new AdmissionQueue(1, 2, AN_HOUR);
        assertTrue(queue.tryAcquire());
        CompletableFuture<Boolean> first = CompletableFuture.supplyAsync(queue::tryAcquire, callers);
        CompletableFuture<Boolean> second = CompletableFuture.supplyAsync(queue::tryAcquire, callers);
        awaitWaiting(queue, 2);
        assertFalse(queue.tryAcquire(), "the queue is full: refused without waiting an hour");
        queue.release();
        queue.release();
        assertTrue(first.get(1, TimeUnit.MINUTES));
        assertTrue(second.get(1, TimeUnit.MINUTES));
    }

    @Test
    void aWaiterIsRefusedWhenNoHolderFinishesWithinThePatience() throws Exception {
        AdmissionQueue queue = new AdmissionQueue(1, 8, Duration.ofMillis(50).toNanos());
        assertTrue(queue.tryAcquire());
        assertFalse(CompletableFuture.supplyAsync(queue::tryAcquire, callers).get(1, TimeUnit.MINUTES));
        assertEquals(0, queue.waiting(), "the refused waiter left the queue");
        queue.release();
        assertEquals(0, queue.held(), "nobody was waiting: the permit is free");
    }

    @Test
    void anInterruptedWaiterLeavesTheQueue() throws Exception {
        AdmissionQueue queue = new AdmissionQueue(1, 8, AN_HOUR);
        assertTrue(queue.tryAcquire());
        Thread waiter = new Thread(queue::tryAcquire);
        waiter.start();
        awaitWaiting(queue, 1);
        waiter.interrupt();
        waiter.join(TimeUnit.MINUTES.toMillis(1));
        assertEquals(0, queue.waiting());
        queue.release();
        assertEquals(0, queue.held());
    }

    private static void awaitWaiting(AdmissionQueue queue, int count) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.MINUTES.toNanos(1);
        while (queue.waiting() < count) {
            assertTrue(System.nanoTime() < deadline, count + " waiters queued");
            Thread.sleep(1);
        }
    }
}
