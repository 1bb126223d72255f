package io.pgvs3.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * The real thing for end-to-end tests: {@code deploy/local/stack.sh} starts an embedded PostgreSQL 18
 * and two Liberty gateways running the built EAR (heap capped at 256 MiB) on ports of their own, once
 * per test JVM, from an empty database; it is stopped when the JVM's tests are done.
 */
public final class Stack implements BeforeAllCallback, AutoCloseable {

    /** Buckets are also served as {@code <bucket>.localhost}. */
    static final String VIRTUAL_HOST_DOMAIN = "localhost";

    /** A copy moving bytes for longer is answered 200 early, then a space every interval (LongCopyIT). */
    static final Duration COPY_KEEPALIVE_AFTER = Duration.ofMillis(500);
    static final Duration COPY_KEEPALIVE_INTERVAL = Duration.ofMillis(200);

    /** The credential set of the origins that OriginIT declares ({@code "credentials": "e2e"}). */
    static final String ORIGIN_ACCESS_KEY = "origin-e2e-access";
    static final String ORIGIN_SECRET_KEY = "origin-e2e-secret-key-0123456789";

    /** The gateways' read cache budget. */
    static final long READ_CACHE_BYTES = 32L << 20;

    private static final StackScript SCRIPT = new StackScript("stack-e2e", 0, 2, Map.of(
            "PGVS3_S3_DOMAINS", VIRTUAL_HOST_DOMAIN,
            // maintenance as fast as it goes: the reaper tests watch garbage disappear within seconds
            "PGVS3_REAPER_GRACE", "PT0S",
            "PGVS3_MAINTENANCE_INTERVAL", "PT1S",
            // long copies answer 200 early and keep alive within a short client read timeout (LongCopyIT)
            "PGVS3_S3_COPY_KEEPALIVE_AFTER", COPY_KEEPALIVE_AFTER.toString(),
            "PGVS3_S3_COPY_KEEPALIVE_INTERVAL", COPY_KEEPALIVE_INTERVAL.toString(),
            // the read cache never changes results, so every test runs with it (ReadCacheIT); a 256 MiB heap
            // also holds the read window's bytes
            "PGVS3_READ_CACHE_BYTES", String.valueOf(READ_CACHE_BYTES),
            // server variables pgvs3.origin.credentials.e2e.access-key and .secret-key (OriginIT)
            "PGVS3_ORIGIN_CREDENTIALS_E2E_ACCESS_KEY", ORIGIN_ACCESS_KEY,
            "PGVS3_ORIGIN_CREDENTIALS_E2E_SECRET_KEY", ORIGIN_SECRET_KEY,
            // S3's smallest part: flushes above 5 MiB reach the origin as multipart uploads (OriginIT)
            "PGVS3_ORIGIN_UPLOAD_PART_SIZE", String.valueOf(5L << 20)));
    private static volatile boolean started;
    private static volatile IllegalStateException startFailure;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (Stack.class) {
            if (startFailure != null) {
                throw startFailure; // one failed start is enough: later classes fail at once
            }
            if (!started) {
                // registered first, so a half-started stack is stopped too
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(Stack.class.getName(), this);
                try {
                    SCRIPT.startFresh();
                } catch (IOException | RuntimeException e) {
                    startFailure = new IllegalStateException("the end-to-end stack did not start", e);
                    throw startFailure;
                }
                started = true;
            }
        }
    }

    @Override
    public void close() throws Exception {
        SCRIPT.down();
    }

    public static String s3Endpoint(int gateway) {
        return SCRIPT.get("PGVS3_S3_ENDPOINTS").split(" ")[gateway];
    }

    public static String accessKey() {
        return SCRIPT.get("PGVS3_ACCESS_KEY");
    }

    public static String secretKey() {
        return SCRIPT.get("PGVS3_SECRET_KEY");
    }

    public static String adminEndpoint(int gateway) {
        return SCRIPT.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[gateway];
    }

    /** The RESP listener of gateway {@code gateway} (0-based): gateway i listens on the first port + i. */
    public static InetSocketAddress respAddress(int gateway) {
        String[] hostPort = SCRIPT.get("PGVS3_RESP_ENDPOINT").split(":");
        return new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]) + gateway);
    }

    /**
     * Kills gateway {@code gateway} (0-based) with SIGKILL — no shutdown of any kind — waits until it is
     * gone, then starts it again and returns once it is ready.
     */
    public static void killAndRestart(int gateway) throws Exception {
        Path pidFile = SCRIPT.stateDir().resolve("gw" + (gateway + 1)).resolve("gateway.pid");
        ProcessHandle process = ProcessHandle.of(Long.parseLong(Files.readString(pidFile).trim())).orElseThrow();
        process.destroyForcibly();
        process.onExit().get(60, TimeUnit.SECONDS);
        SCRIPT.up();
    }

    /** A value of {@code stack.sh env}, e.g. PGVS3_JDBC_URL or PGVS3_DB_PASSWORD. */
    public static String env(String name) {
        return SCRIPT.get(name);
    }

    /** What gateway {@code gateway} (0-based) has logged so far (Liberty's messages.log). */
    public static String gatewayLog(int gateway) throws IOException {
        return Files.readString(SCRIPT.stateDir().resolve("gw" + (gateway + 1) + "/servers/pgvs3/logs/messages.log"));
    }

    /** Runs {@code stack.sh ARGS} against the running stack and returns what it printed. */
    public static String command(String... args) throws IOException, InterruptedException {
        return SCRIPT.command(args);
    }
}
