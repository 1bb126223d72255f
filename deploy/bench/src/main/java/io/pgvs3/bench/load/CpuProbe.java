package io.pgvs3.bench.load;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.lang.management.ManagementFactory;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Cumulative CPU time (user + system) of something, read at the edges of the measured window.
 * Servers are read from {@code /proc/<pid>/stat}, which counts in clock ticks (10 ms at the usual
 * 100 Hz, fine over windows of seconds); the client JVM from its own MXBean, in nanoseconds.
 */
@FunctionalInterface
public interface CpuProbe {
    /** Cumulative CPU nanoseconds, or -1 when it cannot be read. */
    long cpuNanos();

    CpuProbe NONE = () -> -1;

    /** Clock ticks per second of /proc/PID/stat; run.sh passes getconf CLK_TCK as bench.clkTck. */
    long TICK_NANOS = 1_000_000_000L / Long.getLong("bench.clkTck", 100);

    /** This JVM: the load generator's own cost, garbage collection included. */
    static CpuProbe client() {
        var os = ManagementFactory.getOperatingSystemMXBean();
        if (os instanceof com.sun.management.OperatingSystemMXBean sun) {
            return sun::getProcessCpuTime;
        }
        return NONE;
    }

    /** One process (a JVM: all its threads are in its stat line). */
    static CpuProbe process(long pid) {
        return pid <= 0 ? NONE : () -> {
            long[] f = ProcStat.read(pid);
            return f == null ? -1 : (f[ProcStat.UTIME] + f[ProcStat.STIME]) * TICK_NANOS;
        };
    }

    /**
     * The JIT compiler threads of a HotSpot JVM ({@code C1 CompilerThread*}, {@code C2 CompilerThread*}):
     * what compiling takes from the cores while a freshly started server warms up.
     */
    static CpuProbe compiler(long pid) {
        return pid <= 0 ? NONE : () -> {
            long ticks = 0;
            try (DirectoryStream<Path> tasks = Files.newDirectoryStream(Path.of("/proc", Long.toString(pid), "task"))) {
                for (Path task : tasks) {
                    long[] f = isCompilerThread(task) ? ProcStat.read(task.resolve("stat")) : null;
                    if (f != null) {
                        ticks += f[ProcStat.UTIME] + f[ProcStat.STIME];
                    }
                }
            } catch (IOException e) {
                return -1; // the process is gone
            }
            return ticks * TICK_NANOS;
        };
    }

    private static boolean isCompilerThread(Path task) {
        try {
            String name = Files.readString(task.resolve("comm"));
            return name.startsWith("C1 CompilerThre") || name.startsWith("C2 CompilerThre");
        } catch (IOException e) {
            return false; // the thread ended
        }
    }

    /**
     * A process and its children, such as the postmaster and its backends. Children that already exited
     * were folded into the parent's cutime/cstime, so short-lived backends are counted too.
     */
    static CpuProbe tree(long rootPid) {
        return rootPid <= 0 ? NONE : () -> {
            long[] root = ProcStat.read(rootPid);
            if (root == null) {
                return -1;
            }
            long ticks = root[ProcStat.UTIME] + root[ProcStat.STIME] + root[ProcStat.CUTIME] + root[ProcStat.CSTIME];
            try (DirectoryStream<Path> procs = Files.newDirectoryStream(Path.of("/proc"), "[0-9]*")) {
                for (Path proc : procs) {
                    long[] f = ProcStat.read(Long.parseLong(proc.getFileName().toString()));
                    if (f != null && f[ProcStat.PPID] == rootPid) {
                        ticks += f[ProcStat.UTIME] + f[ProcStat.STIME];
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return ticks * TICK_NANOS;
        };
    }
}
