package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Freezes a stack's PostgreSQL the way a stalled host or a paused VM does: SIGSTOP to the postmaster
 * (first, so it forks no new backend) and to every process it started. Sockets stay open and nothing
 * answers. {@link #thaw} sends SIGCONT to all of them; a JVM shutdown hook does too, so a test that dies
 * mid-freeze never leaves a database stopped.
 */
final class DatabaseFreezer {

    private final Path postmasterPid;
    private final Set<Long> frozen = new LinkedHashSet<>();
    private Thread hook;

    DatabaseFreezer(Path postmasterPid) {
        this.postmasterPid = postmasterPid;
    }

    synchronized void freeze() throws IOException, InterruptedException {
        long postmaster = Long.parseLong(Files.readAllLines(postmasterPid).get(0).trim());
        if (hook == null) {
            hook = new Thread(this::thawQuietly, "thaw-postgres");
            Runtime.getRuntime().addShutdownHook(hook);
        }
        frozen.add(postmaster);
        signal("-STOP", List.of(postmaster));
        List<Long> children = children(postmaster);
        frozen.addAll(children);
        signal("-STOP", children);
    }

    synchronized void thaw() throws IOException, InterruptedException {
        if (!frozen.isEmpty()) {
            signal("-CONT", new ArrayList<>(frozen));
            frozen.clear();
        }
    }

    private void thawQuietly() {
        try {
            thaw();
        } catch (IOException | InterruptedException e) {
            System.err.println("could not thaw PostgreSQL: " + e);
        }
    }

    /** The postmaster's children from /proc (checkpointer, walwriter, backends ...). */
    private static List<Long> children(long parent) throws IOException {
        List<Long> children = new ArrayList<>();
        try (var procs = Files.list(Path.of("/proc"))) {
            for (Path proc : procs.toList()) {
                String name = proc.getFileName().toString();
                if (!name.chars().allMatch(Character::isDigit)) {
                    continue;
                }
                try {
                    String stat = Files.readString(proc.resolve("stat"));
                    // pid (comm) state ppid ...: comm may hold spaces, so count from its closing parenthesis
                    String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
                    if (Long.parseLong(fields[1]) == parent) {
                        children.add(Long.parseLong(name));
                    }
                } catch (IOException e) {
                    // the process ended meanwhile
                }
            }
        }
        return children;
    }

    private static void signal(String signal, List<Long> pids) throws IOException, InterruptedException {
        if (pids.isEmpty()) {
            return;
        }
        List<String> command = new ArrayList<>(List.of("kill", signal));
        pids.forEach(pid -> command.add(String.valueOf(pid)));
        Process kill = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(kill.getInputStream().readAllBytes());
        if (kill.waitFor() != 0 && signal.equals("-STOP")) {
            throw new IOException("kill " + signal + " " + pids + " failed: " + out);
        }
    }
}
