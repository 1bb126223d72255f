package io.pgvs3.store.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** The watchdog's decision: only a driver call blocked past the limit is a stall, and it is aborted once. */
class CopyWatchdogTest {

    private static final Duration LIMIT = Duration.ofSeconds(6);

    private final AtomicLong now = new AtomicLong(1_000);
    private final AtomicInteger aborts = new AtomicInteger();
    private final CopyWatchdog watchdog = new CopyWatchdog(LIMIT, now::get, Runnable::run);

    @Test
    void aWriteBlockedPastTheLimitIsAbortedOnceAndFailsAsAConnectionFailure() throws Exception {
        CountDownLatch entered = new CountDownLatch(1);
        CountDownLatch sessionEnded = new CountDownLatch(1);
        WatchedCopy copy = watchdog.watch((b, off, len) -> {
            entered.countDown();
            awaitQuietly(sessionEnded); // the socket write the driver blocks in, until the session ends
            throw new SQLException("Database connection failed when writing to copy", "08006");
        }, () -> {
            aborts.incrementAndGet();
            sessionEnded.countDown();
        });
        CompletableFuture<Void> writer = CompletableFuture.runAsync(() -> {
            try {
                copy.send(new byte[10], 0, 10);
            } catch (SQLException e) {
                throw new IllegalStateException(e);
            }
        });
        assertTrue(entered.await(30, TimeUnit.SECONDS));

        now.addAndGet(LIMIT.toNanos());
        assertEquals(0, watchdog.check(), "blocked for exactly the limit is not past it");
        now.addAndGet(1);
        assertEquals(1, watchdog.check());
        assertEquals(0, watchdog.check(), "a session is aborted once");
        assertEquals(1, aborts.get());

        ExecutionException failed = assertThrows(ExecutionException.class, () -> writer.get(30, TimeUnit.SECONDS));
        SQLException stall = (SQLException) failed.getCause().getCause();
        assertEquals("08006", stall.getSQLState());
        assertTrue(stall.getMessage().contains("no COPY data for 6 s"), stall.getMessage());
    }

    @Test
    void aCopyWaitingForItsClientIsNeverAStall() {
        try (WatchedCopy copy = watchdog.watch((b, off, len) -> { }, aborts::incrementAndGet)) {
            copy.send(new byte[10], 0, 10);
            now.addAndGet(LIMIT.toNanos() * 100);
            assertEquals(0, watchdog.check());
        } catch (SQLException e) {
            throw new AssertionError(e);
        }
        assertEquals(0, aborts.get());
    }

    @Test
    void aSlowButSteadyWriteProgressesSliceBySlice() throws SQLException {
        AtomicInteger slices = new AtomicInteger();
        int[] checks = new int[1];
        WatchedCopy copy = watchdog.watch((b, off, len) -> {
            slices.incrementAndGet();
            now.addAndGet(LIMIT.toNanos() * 9 / 10); // each slice just within the limit
            checks[0] += watchdog.check();
        }, aborts::incrementAndGet);
        copy.send(new byte[4 * WatchedCopy.SLICE], 0, 4 * WatchedCopy.SLICE);
        assertEquals(4, slices.get(), "one driver call per slice");
        assertEquals(0, checks[0], "3.6 limits in all, but never one slice past it");
        assertEquals(0, aborts.get());
    }

    @Test
    void theEndOfACopyIsWatchedLikeItsWrites() throws Exception {
        WatchedCopy copy = watchdog.watch((b, off, len) -> { }, aborts::incrementAndGet);
        SQLException thrown = assertThrows(SQLException.class, () -> copy.end(() -> {
            now.addAndGet(LIMIT.toNanos() + 1);
            assertEquals(1, watchdog.check());
            throw new SQLException("An I/O error occurred while sending to the backend", "08006");
        }));
        assertTrue(thrown.getMessage().contains("its session was aborted"), thrown.getMessage());
        assertEquals(1, aborts.get());
    }

    @Test
    void aFailureTheWatchdogDidNotCauseIsPassedOnAsItIs() {
        SQLException refused = new SQLException("invalid input syntax", "22P02");
        WatchedCopy copy = watchdog.watch((b, off, len) -> {
            throw refused;
        }, aborts::incrementAndGet);
        assertSame(refused, assertThrows(SQLException.class, () -> copy.send(new byte[1], 0, 1)));
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            assertTrue(latch.await(30, TimeUnit.SECONDS));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    void aClosedCopyIsNoLongerWatched() {
        WatchedCopy copy = watchdog.watch((b, off, len) -> { }, aborts::incrementAndGet);
        assertEquals(1, watchdog.watched());
        copy.close();
        assertEquals(0, watchdog.watched());
    }
}
