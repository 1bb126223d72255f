package io.pgvs3.bench;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Runs one of the harness's scripts to its end, its output in a log, and fails the test if it does not succeed. */
final class ScriptRun {

    private ScriptRun() {
    }

    /**
     * Runs {@code script} with its output (stdout and stderr) in {@code log}; fails with the log's last lines if
     * it does not exit 0 within {@code timeoutSeconds} (it is then asked to stop, so that its traps clean up).
     */
    static void succeed(ProcessBuilder script, Path log, long timeoutSeconds) throws IOException, InterruptedException {
        Process run = script.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        if (!run.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            // bash runs its traps only once its foreground command ends: stop that command too
            List<ProcessHandle> children = run.descendants().toList();
            run.destroy();
            children.forEach(ProcessHandle::destroy);
            run.waitFor(60, TimeUnit.SECONDS);
            fail(script.command() + " did not finish within " + timeoutSeconds + " s; see " + log);
        }
        if (run.exitValue() != 0) {
            fail(script.command() + " exited with " + run.exitValue() + "; last lines of " + log + ":\n" + tail(log));
        }
    }

    private static String tail(Path log) throws IOException {
        List<String> lines = Files.readAllLines(log);
        return String.join("\n", lines.subList(Math.max(0, lines.size() - 40), lines.size()));
    }
}
