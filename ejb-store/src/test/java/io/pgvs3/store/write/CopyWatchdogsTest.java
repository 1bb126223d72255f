package io.pgvs3.store.write;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.sql.SQLException;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.Test;

/** Each pool's COPYs are stalls after that pool's socket timeout, not after the other pool's. */
class CopyWatchdogsTest {

    private static final Duration MAIN_SOCKET_TIMEOUT = Duration.ofSeconds(10);
    private static final Duration CHUNK_SOCKET_TIMEOUT = Duration.ofSeconds(20);

    private final AtomicLong now = new AtomicLong(1_000);
    private final CopyWatchdogs watchdogs =
            new CopyWatchdogs(MAIN_SOCKET_TIMEOUT, CHUNK_SOCKET_TIMEOUT, now::get, Runnable::run);
    private final AtomicInteger mainAborts = new AtomicInteger();
    private final AtomicInteger chunkAborts = new AtomicInteger();

    @Test
    void aCopyOnEachPoolIsAbortedAfterThatPoolsSocketTimeout() throws SQLException {
        WatchedCopy onMain = watchdogs.main().watch((b, off, len) -> { }, mainAborts::incrementAndGet);
        WatchedCopy onChunk = watchdogs.chunk().watch((b, off, len) -> { }, chunkAborts::incrementAndGet);
        // both blocked in a driver call from the same moment on
        onMain.end(() -> onChunk.end(() -> {
            now.addAndGet(MAIN_SOCKET_TIMEOUT.toNanos());
            assertEquals(0, watchdogs.check(), "neither is past its limit yet");
            now.addAndGet(1);
            assertEquals(1, watchdogs.check());
            assertEquals(1, mainAborts.get(), "the main pool's COPY is past the main pool's socket timeout");
            assertEquals(0, chunkAborts.get(), "the chunk pool's COPY is not past the chunk pool's");
            now.addAndGet(CHUNK_SOCKET_TIMEOUT.minus(MAIN_SOCKET_TIMEOUT).toNanos());
            assertEquals(1, watchdogs.check());
            assertEquals(1, chunkAborts.get());
            return 0;
        }));
        assertEquals(1, mainAborts.get(), "each is aborted once");
    }
}
