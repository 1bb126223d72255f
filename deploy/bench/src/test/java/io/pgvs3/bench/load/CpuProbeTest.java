package io.pgvs3.bench.load;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** The JIT compiler probe over real processes: this JVM, a process without a JIT, and one that is gone. */
class CpuProbeTest {

    @Test
    void aHotSpotJvmHasCompilerThreadsToRead() {
        assertTrue(CpuProbe.compiler(ProcessHandle.current().pid()).cpuNanos() >= 0);
    }

    @Test
    void aProcessWithoutCompilerThreadsCountsNothing() throws Exception {
        Process sleep = new ProcessBuilder("sleep", "30").start();
        try {
            assertEquals(0, CpuProbe.compiler(sleep.pid()).cpuNanos());
        } finally {
            sleep.destroy();
            sleep.waitFor(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void aProcessThatIsGoneOrUnknownReadsAsUnreadable() throws Exception {
        Process done = new ProcessBuilder("true").start();
        done.waitFor(10, TimeUnit.SECONDS);
        assertEquals(-1, CpuProbe.compiler(done.pid()).cpuNanos());
        assertEquals(-1, CpuProbe.compiler(0).cpuNanos());
    }
}
