package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/** Runs a real client's command line against the stack and fails the test, with its output, if it fails. */
final class Commands {

    private Commands() {
    }

    static String run(List<String> command, Map<String, String> environment, Path workDir) throws IOException, InterruptedException {
        return run(command, environment, List.of(), workDir);
    }

    /** @param unset variables of this machine's environment the client must not see */
    static String run(List<String> command, Map<String, String> environment, List<String> unset, Path workDir)
            throws IOException, InterruptedException {
        Result result = result(command, environment, unset, workDir);
        assertEquals(0, result.exitCode(), String.join(" ", command) + " failed:\n" + result.output());
        return result.output();
    }

    /** What a command printed (stdout and stderr) and how it ended. */
    record Result(int exitCode, String output) {
    }

    /** Runs a command to its end whatever its exit code; only a missing program or a timeout fails here. */
    static Result result(List<String> command, Map<String, String> environment, List<String> unset, Path workDir)
            throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true).directory(workDir.toFile());
        builder.environment().putAll(environment);
        unset.forEach(builder.environment()::remove);
        Process process;
        try {
            process = builder.start();
        } catch (IOException e) {
            throw new AssertionError(command.get(0) + " is not installed (.ci/run installs it): " + e.getMessage(), e);
        }
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(180, TimeUnit.SECONDS), String.join(" ", command) + " timed out");
        return new Result(process.exitValue(), output);
    }
}
