package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real thing for end-to-end tests: {@code deploy/local/stack.sh} starts an embedded PostgreSQL 18
 * and two Liberty gateways running the built EAR (heap capped at 256 MiB) on ports of their own, once
 * per test JVM; it is stopped when the JVM's tests are done. Maintenance runs every second with no
 * grace window, so garbage goes as soon as no reader pins it.
 */
public final class Stack implements BeforeAllCallback, ExtensionContext.Store.CloseableResource {

    private static final int GATEWAYS = 2;
    /** Buckets are also served as {@code <bucket>.localhost}. */
    static final String VIRTUAL_HOST_DOMAIN = "localhost";
    private static volatile Map<String, String> env;
    private static volatile IllegalStateException startFailure;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (Stack.class) {
            if (startFailure != null) {
                throw startFailure; // one failed start is enough: later classes fail at once
            }
            if (env == null) {
                // registered first, so a half-started stack is stopped too
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(Stack.class.getName(), this);
                try {
                    env = up();
                } catch (IOException | RuntimeException e) {
                    startFailure = new IllegalStateException("the end-to-end stack did not start", e);
                    throw startFailure;
                }
            }
        }
    }

    @Override
    public void close() throws Exception {
        run(List.of("down"), 120);
    }

    public static String s3Endpoint(int gateway) {
        return env.get("PGVS3_S3_ENDPOINTS").split(" ")[gateway];
    }

    public static String accessKey() {
        return env.get("PGVS3_ACCESS_KEY");
    }

    public static String secretKey() {
        return env.get("PGVS3_SECRET_KEY");
    }

    /** A value of {@code stack.sh env}, e.g. PGVS3_JDBC_URL or PGVS3_DB_PASSWORD. */
    public static String env(String name) {
        return env.get(name);
    }

    /** Runs {@code stack.sh ARGS} against the running stack and returns what it printed. */
    public static String command(String... args) throws IOException, InterruptedException {
        return run(List.of(args), 120);
    }

    public static String adminEndpoint(int gateway) {
        return env.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[gateway];
    }

    /** Every suite starts from an empty database: the layout is refused, rightly, if an older build made it. */
    private static Map<String, String> up() throws IOException, InterruptedException {
        run(List.of("down"), 120);
        deleteRecursively(stateDir());
        run(List.of("up", "--gateways", String.valueOf(GATEWAYS)), 600);
        String exports = run(List.of("env"), 60);
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

    private static Path repo() {
        return Path.of(System.getProperty("pgvs3.repo", "..")).toAbsolutePath().normalize();
    }

    private static Path stateDir() {
        return repo().resolve("ear/target/stack-e2e");
    }

    private static void deleteRecursively(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (var paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }

    private static String run(List<String> args, long timeoutSeconds) throws IOException, InterruptedException {
        Path repo = repo();
        String[] command = new String[args.size() + 2];
        command[0] = "bash";
        command[1] = repo.resolve("deploy/local/stack.sh").toString();
        for (int i = 0; i < args.size(); i++) {
            command[i + 2] = args.get(i);
        }
        Path log = Files.createTempFile("pgvs3-stack", ".log");
        ProcessBuilder builder = new ProcessBuilder(command).directory(repo.toFile())
                .redirectErrorStream(false).redirectError(log.toFile());
        Map<String, String> environment = builder.environment();
        environment.put("PGVS3_STACK_DIR", stateDir().toString());
        // -Dpgvs3.e2e.portOffset=N lets several checkouts run their suites side by side
        int offset = Integer.getInteger("pgvs3.e2e.portOffset", 0);
        environment.put("PGVS3_STACK_PG_PORT", String.valueOf(25432 + offset));
        environment.put("PGVS3_STACK_S3_PORT", String.valueOf(28014 + offset));
        environment.put("PGVS3_STACK_ADMIN_PORT", String.valueOf(29080 + offset));
        environment.put("PGVS3_STACK_RESP_PORT", String.valueOf(26380 + offset));
        environment.put("PGVS3_GATEWAY_HEAP", "256m");
        environment.put("PGVS3_S3_DOMAINS", VIRTUAL_HOST_DOMAIN);
        // maintenance as fast as it goes: the reaper tests watch garbage disappear within seconds
        environment.put("PGVS3_REAPER_GRACE", "PT0S");
        environment.put("PGVS3_MAINTENANCE_INTERVAL", "PT1S");
        Process process = builder.start();
        byte[] out = process.getInputStream().readAllBytes();
        if (!process.waitFor(timeoutSeconds, TimeUnit.SECONDS) || process.exitValue() != 0) {
            process.destroyForcibly();
            throw new IllegalStateException("stack.sh " + args + " failed:\n" + Files.readString(log)
                    + new String(out, StandardCharsets.UTF_8) + Arrays.toString(command));
        }
        return new String(out, StandardCharsets.UTF_8);
    }
}
