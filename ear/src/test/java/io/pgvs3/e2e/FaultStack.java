package io.pgvs3.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A stack of its own for the fault and load suite ({@code *FaultIT}), which kills its gateways and its
 * PostgreSQL: two gateways, the reaper at zero grace on a one-second tick, the read cache on (as on
 * {@link Stack}), and pgstattuple and pg_freespacemap in its database for exact dead-tuple and free-space
 * counts. Started once per test JVM; the fault tests run one after another and leave it running.
 */
public final class FaultStack implements BeforeAllCallback, AutoCloseable {

    /** Shifts 100, 110, ... 990 are this stack's (the shared stacks use 0, 50 and 70). */
    private static final int FIRST_SHIFT = 100;
    private static final int SHIFT_STEP = 10;
    private static final int SHIFT_LIMIT = 1000;
    /** Starts on other ports after a start failed (a port taken between the probe and the bind). */
    private static final int STARTS = 3;
    private static final Logger LOG = Logger.getLogger(FaultStack.class.getName());
    /** The fill and flush leases of this stack's gateways: what a killed gateway's work waits for. */
    static final Duration ORIGIN_LEASE = Duration.ofSeconds(4);
    /** Where both gateways spool origin bodies: OriginFaultIT looks for what a killed one left there. */
    static final Path ORIGIN_SPOOL = StackScript.repo().resolve("ear/target/stack-faults-origin-spool");
    private static volatile StackScript script;
    private static volatile Exception startFailure;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (FaultStack.class) {
            if (startFailure != null) {
                throw startFailure; // one failed start is enough: later classes fail at once
            }
            if (script == null) {
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(FaultStack.class.getName(), this);
                try {
                    start();
                } catch (IOException | RuntimeException e) {
                    startFailure = new IllegalStateException("the fault stack did not start", e);
                    throw startFailure;
                }
            }
        }
    }

    private static void start() throws IOException, InterruptedException, SQLException {
        int first = FIRST_SHIFT;
        for (int attempt = 1; ; attempt++) {
            int shift = FreeShift.find(first, SHIFT_STEP, SHIFT_LIMIT, 2);
            script = new StackScript("stack-faults", shift, 2, Map.of(
                    "PGVS3_REAPER_GRACE", "PT0S",
                    "PGVS3_MAINTENANCE_INTERVAL", "PT1S",
                    "PGVS3_READ_CACHE_BYTES", String.valueOf(32L << 20),
                    // OriginFaultIT: its origin's credential set, and leases short enough to run out in a test
                    "PGVS3_ORIGIN_CREDENTIALS_E2E_ACCESS_KEY", Stack.ORIGIN_ACCESS_KEY,
                    "PGVS3_ORIGIN_CREDENTIALS_E2E_SECRET_KEY", Stack.ORIGIN_SECRET_KEY,
                    "PGVS3_ORIGIN_FILL_LEASE", ORIGIN_LEASE.toString(),
                    "PGVS3_ORIGIN_FLUSH_LEASE", ORIGIN_LEASE.toString(),
                    "PGVS3_ORIGIN_UPLOAD_PART_SIZE", String.valueOf(5L << 20),
                    "PGVS3_ORIGIN_SPOOL_DIR", ORIGIN_SPOOL.toString()));
            try {
                script.startFresh();
                break;
            } catch (IllegalStateException e) {
                script.down();
                if (attempt == STARTS) {
                    throw e;
                }
                LOG.log(Level.WARNING, "the fault stack did not start on shift " + shift + "; trying other ports", e);
                first = shift + SHIFT_STEP;
            }
        }
        try (Connection c = connect(); Statement s = c.createStatement()) {
            s.execute("CREATE EXTENSION IF NOT EXISTS pgstattuple; CREATE EXTENSION IF NOT EXISTS pg_freespacemap");
        }
    }

    @Override
    public void close() throws Exception {
        if (script != null) {
            script.down();
        }
    }

    /** A client of gateway {@code gateway} (0-based) that gives up on an answer silent for {@code readTimeout}. */
    static S3Client s3(int gateway, Duration readTimeout) {
        return Clients.s3(endpoint(gateway), script.get("PGVS3_ACCESS_KEY"), script.get("PGVS3_SECRET_KEY"),
                ApacheHttpClient.builder(), readTimeout);
    }

    /** A client of each gateway, in gateway order. */
    static List<S3Client> clients(Duration readTimeout) {
        return List.of(s3(0, readTimeout), s3(1, readTimeout));
    }

    static URI endpoint(int gateway) {
        return URI.create(script.get("PGVS3_S3_ENDPOINTS").split(" ")[gateway]);
    }

    static Connection connect() throws SQLException {
        return DriverManager.getConnection(script.get("PGVS3_JDBC_URL"), script.get("PGVS3_DB_USER"),
                script.get("PGVS3_DB_PASSWORD"));
    }

    /** The stat JSON of gateway {@code gateway} (docs/operations.md, Maintenance). */
    static String stat(int gateway) throws IOException, InterruptedException {
        HttpResponse<String> response = Admin.get(adminEndpoint(gateway),
                "/admin/stat", "application/json", script.get("PGVS3_ACCESS_KEY"), script.get("PGVS3_SECRET_KEY"));
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET /admin/stat answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** The management port's base URL of gateway {@code gateway}. */
    static String adminEndpoint(int gateway) {
        return script.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[gateway];
    }

    /** {@code method} of {@code path} (with {@code body}, or none) on gateway {@code gateway}'s management port. */
    static HttpResponse<String> admin(int gateway, String method, String path, String body)
            throws IOException, InterruptedException {
        return Admin.send(adminEndpoint(gateway), script.get("PGVS3_ACCESS_KEY"),
                script.get("PGVS3_SECRET_KEY"), method, path, body);
    }

    /** The running gateway's process; a restart gives it another. */
    static ProcessHandle gateway(int gateway) throws IOException {
        return running(script.stateDir().resolve("gw" + (gateway + 1)).resolve("gateway.pid"));
    }

    /** The Liberty logs of gateway {@code gateway} (0-based). */
    static GatewayLogs logs(int gateway) {
        return new GatewayLogs(script.stateDir().resolve("gw" + (gateway + 1) + "/servers/pgvs3/logs"));
    }

    /** SIGKILL, no shutdown of any kind; returns once the process is gone. */
    static void killGateway(int gateway) throws Exception {
        ProcessHandle process = gateway(gateway);
        process.destroyForcibly();
        process.onExit().get(60, TimeUnit.SECONDS);
    }

    /**
     * SIGKILL to the postmaster, as a crash would end it. Its backends notice and exit by themselves; the
     * few that have not within 30 s (a statement that never waits on its client) get SIGKILL too, as a
     * service manager would do, because a new postmaster refuses to start while they hold shared memory.
     * Then the launcher goes (it only waits on the postmaster), so {@link #up} starts a new one: crash
     * recovery.
     */
    static void killDatabase() throws Exception {
        ProcessHandle postmaster = running(script.stateDir().resolve("pgdata/postmaster.pid"));
        var backends = postmaster.descendants().toList();
        postmaster.destroyForcibly();
        postmaster.onExit().get(60, TimeUnit.SECONDS);
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (backends.stream().anyMatch(ProcessHandle::isAlive) && System.nanoTime() < deadline) {
            Thread.sleep(100);
        }
        for (ProcessHandle backend : backends) {
            backend.destroyForcibly();
            backend.onExit().get(60, TimeUnit.SECONDS);
        }
        ProcessHandle launcher = running(script.stateDir().resolve("postgres.pid"));
        launcher.destroyForcibly();
        launcher.onExit().get(60, TimeUnit.SECONDS);
    }

    /** Starts what is not running (a killed gateway, a killed database) and returns once all is ready. */
    static void up() throws IOException, InterruptedException {
        script.up();
    }

    /** The process whose pid is the first line of {@code pidFile}. */
    private static ProcessHandle running(Path pidFile) throws IOException {
        long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
        return ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("no process " + pid + " of " + pidFile));
    }
}
