package io.pgvs3.property;

import java.lang.management.ManagementFactory;

/**
 * Bytes allocated on the heap by the calling thread, as HotSpot counts them. A JVM that does not count
 * them reads as zero, so a cap then checks nothing rather than failing for the wrong reason.
 */
final class AllocationMeter {

    private static final com.sun.management.ThreadMXBean THREADS = threads();

    private AllocationMeter() {
    }

    private static com.sun.management.ThreadMXBean threads() {
        if (ManagementFactory.getThreadMXBean() instanceof com.sun.management.ThreadMXBean hotspot
                && hotspot.isThreadAllocatedMemorySupported()) {
            hotspot.setThreadAllocatedMemoryEnabled(true);
            return hotspot;
        }
        return null;
    }

    static long allocatedByThisThread() {
        return THREADS == null ? 0 : THREADS.getCurrentThreadAllocatedBytes();
    }
}
