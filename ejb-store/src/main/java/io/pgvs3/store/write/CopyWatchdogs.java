package io.pgvs3.store.write;

import java.time.Duration;
import java.util.concurrent.Executor;
import java.util.function.LongSupplier;

/**
 * The gateway's COPY watchdogs, one per pool, each with its pool's socket timeout as its limit
 * (docs/adr/0033): a COPY whose write stays blocked for as long as its pool would wait for a silent
 * database is a stall. Uploads (PutObject, UploadPart, UploadPartCopy) copy on the chunk pool; large RESP
 * values copy on the main pool, inside the KV transaction that publishes them.
 */
public final class CopyWatchdogs {

    private final CopyWatchdog main;
    private final CopyWatchdog chunk;

    public CopyWatchdogs(Duration mainSocketTimeout, Duration chunkSocketTimeout, LongSupplier nanoClock,
                         Executor aborts) {
        main = new CopyWatchdog(mainSocketTimeout, nanoClock, aborts);
        chunk = new CopyWatchdog(chunkSocketTimeout, nanoClock, aborts);
    }

    /** For COPYs on the main pool ({@code pgvs3.db.main.socket-timeout}). */
    public CopyWatchdog main() {
        return main;
    }

    /** For COPYs on the chunk pool ({@code pgvs3.db.chunk.socket-timeout}). */
    public CopyWatchdog chunk() {
        return chunk;
    }

    /** Checks both; returns how many COPYs were aborted. */
    public int check() {
        return main.check() + chunk.check();
    }
}
