package io.pgvs3.store.origin;

import java.nio.file.Path;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The process-wide room for bodies on their way between an origin and PostgreSQL: heap for small ones,
 * scratch disk for the rest. A body that finds no room is not spooled at all (the caller answers 503
 * SlowDown), so many concurrent fills can never exhaust the heap or the disk.
 */
public final class SpoolBudget {

    /** Bodies up to this size may spool in the heap. */
    static final long MEMORY_BODY_MAX = 8L << 20;

    private final AtomicLong memoryLeft;
    private final AtomicLong diskLeft;
    private final Path directory;

    /**
     * @param memoryBytes heap all spooled bodies may hold at once
     * @param diskBytes   scratch disk all spooled bodies may hold at once
     * @param directory   where spool files live (created on first use)
     */
    public SpoolBudget(long memoryBytes, long diskBytes, Path directory) {
        this.memoryLeft = new AtomicLong(memoryBytes);
        this.diskLeft = new AtomicLong(diskBytes);
        this.directory = directory;
    }

    Path directory() {
        return directory;
    }

    boolean takeMemory(long bytes) {
        return bytes <= MEMORY_BODY_MAX && take(memoryLeft, bytes);
    }

    void returnMemory(long bytes) {
        memoryLeft.addAndGet(bytes);
    }

    boolean takeDisk(long bytes) {
        return take(diskLeft, bytes);
    }

    void returnDisk(long bytes) {
        diskLeft.addAndGet(bytes);
    }

    private static boolean take(AtomicLong left, long bytes) {
        long now;
        do {
            now = left.get();
            if (now < bytes) {
                return false;
            }
        } while (!left.compareAndSet(now, now - bytes));
        return true;
    }
}
