package io.pgvs3.bench.load;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The numeric fields of {@code /proc/<pid>/stat} the CPU probes need. */
final class ProcStat {
    static final int PPID = 0;
    static final int UTIME = 1;
    static final int STIME = 2;
    static final int CUTIME = 3;
    static final int CSTIME = 4;

    private ProcStat() {
    }

    /** ppid, utime, stime, cutime, cstime (ticks) of PID, or null when it does not exist (any more). */
    static long[] read(long pid) {
        return read(Path.of("/proc", Long.toString(pid), "stat"));
    }

    /** The same from a stat file, such as a thread's {@code /proc/<pid>/task/<tid>/stat}; null when gone. */
    static long[] read(Path stat) {
        String line;
        try {
            line = Files.readString(stat);
        } catch (IOException e) {
            return null;
        }
        // the command name (field 2) may hold spaces and parentheses; fields 3.. follow the last ')'
        String[] fields = line.substring(line.lastIndexOf(')') + 2).trim().split(" ");
        // field N of proc(5) is fields[N - 3]: ppid 4, utime 14, stime 15, cutime 16, cstime 17
        return new long[] {Long.parseLong(fields[1]), Long.parseLong(fields[11]), Long.parseLong(fields[12]),
            Long.parseLong(fields[13]), Long.parseLong(fields[14])};
    }
}
