package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * {@code deploy/local/stack.sh} for one state directory and one set of ports: the base ports plus
 * {@code shift} plus {@code -Dpgvs3.e2e.portOffset} (which lets several checkouts run side by side).
 * Extra environment reaches the gateways, which inherit the script's environment.
 */
final class StackScript {

    private final String name;
    private final int shift;
    private final int gateways;
    private final Map<String, String> extraEnv;
    private volatile Map<String, String> env;

    StackScript(String name, int shift, int gateways, Map<String, String> extraEnv) {
        this.name = name;
        this.shift = shift;
        this.gateways = gateways;
        this.extraEnv = extraEnv;
    }

    static Path repo() {
        return Path.of(System.getProperty("pgvs3.repo", "..")).toAbsolutePath().normalize();
    }

    Path stateDir() {
        return repo().resolve("ear/target/" + name);
    }

    /** A base port moved by this stack's shift and the suite's offset. */
    int port(int base) {
        return base + shift + Integer.getInteger("pgvs3.e2e.portOffset", 0);
    }

    /**
     * Starts the stack from an empty state directory and returns once every gateway is ready. A fresh
     * database each time: a layout made by an older build is (rightly) refused by the gateways.
     */
    void startFresh() throws IOException, InterruptedException {
        reset();
        up();
    }

    /** Stops whatever of this stack runs and deletes its state directory, e.g. to put files there before {@link #up}. */
    void reset() throws IOException, InterruptedException {
        down();
        deleteRecursively(stateDir());
    }

    /** Starts what of the stack is not running (after a test stopped a part) and returns once it is ready. */
    void up() throws IOException, InterruptedException {
        run(List.of("up", "--gateways", String.valueOf(gateways)), 600);
        env = parseExports(run(List.of("env"), 60));
    }

    void down() throws IOException, InterruptedException {
        run(List.of("down"), 120);
    }

    /** Runs {@code stack.sh ARGS} against this stack and returns what it printed. */
    String command(String... args) throws IOException, InterruptedException {
        return run(List.of(args), 120);
    }

    /** A gateway that has just stopped may still flush its workarea: a few tries, then give up. */
    private static void deleteRecursively(Path dir) throws IOException, InterruptedException {
        for (int attempt = 1; Files.exists(dir); attempt++) {
            try {
                TempDirs.deleteRecursively(dir);
            } catch (IOException e) {
                if (attempt == 5) {
                    throw e;
                }
                Thread.sleep(1000);
            }
        }
    }

    /** A value of {@code stack.sh env}, e.g. PGVS3_S3_ENDPOINTS. */
    String get(String variable) {
        return env.get(variable);
    }

    private static Map<String, String> parseExports(String exports) {
        Map<String, String> values = new HashMap<>();
        for (String line : exports.split("\n")) {
            String trimmed = line.trim();
            if (!trimmed.startsWith("export ")) {
                continue;
            }
            String assignment = trimmed.substring("export ".length());
            int eq = assignment.indexOf('=');
            String value = assignment.substring(eq + 1);
            if (value.length() >= 2 && (value.startsWith("'") || value.startsWith("\""))) {
                value = value.substring(1, value.length() - 1);
            } else {
                value = value.replaceAll("\\\\(.)", "$1"); // bash printf %q escapes
            }
            values.put(assignment.substring(0, eq), value);
        }
        return values;
    }

    /** What one {@code stack.sh} run printed and how it ended. */
    record Outcome(int exitCode, String stdout, String stderr) {
    }

    /** Runs {@code stack.sh ARGS} and returns how it ended, failing or not. */
    Outcome attempt(long timeoutSeconds, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("bash", repo().resolve("deploy/local/stack.sh").toString()));
        command.addAll(List.of(args));
        Path log = Files.createTempFile("pgvs3-stack", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(repo().toFile()).redirectError(log.toFile());
        Map<String, String> environment = builder.environment();
        environment.put("PGVS3_STACK_DIR", stateDir().toString());
        environment.put("PGVS3_STACK_PG_PORT", String.valueOf(port(25432)));
        environment.put("PGVS3_STACK_S3_PORT", String.valueOf(port(28014)));
        environment.put("PGVS3_STACK_ADMIN_PORT", String.valueOf(port(29080)));
        environment.put("PGVS3_STACK_RESP_PORT", String.valueOf(port(26380)));
        environment.put("PGVS3_GATEWAY_HEAP", "256m");
        environment.putAll(extraEnv);
        Process process = builder.start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            throw new IllegalStateException("stack.sh " + List.of(args) + " did not end within " + timeoutSeconds
                    + " s:\n" + Files.readString(log));
        }
        Outcome outcome = new Outcome(process.exitValue(), new String(out, StandardCharsets.UTF_8), Files.readString(log));
        Files.deleteIfExists(log);
        return outcome;
    }

    private String run(List<String> args, long timeoutSeconds) throws IOException, InterruptedException {
        Outcome outcome = attempt(timeoutSeconds, args.toArray(String[]::new));
        if (outcome.exitCode() != 0) {
            throw new IllegalStateException("stack.sh " + args + " failed:\n" + outcome.stderr() + outcome.stdout());
        }
        return outcome.stdout();
    }
}
