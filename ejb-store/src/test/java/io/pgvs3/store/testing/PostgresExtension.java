package io.pgvs3.store.testing;

import io.pgvs3.devdb.EmbeddedPostgresServer;
import io.pgvs3.store.layout.LayoutManager;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.postgresql.ds.PGSimpleDataSource;
import org.testcontainers.DockerClientFactory;
import org.testcontainers.postgresql.PostgreSQLContainer;

/**
 * One PostgreSQL 18 per test JVM: a {@code postgres:18} container when Docker is available, else the
 * embedded server binaries. Exposes DataSources with the same session settings as the Liberty pools:
 * {@link #main()} and {@link #chunk()} (index scans off). The shared database gets the layout once;
 * {@link #freshDatabase} makes an empty database for layout tests. Set {@code -Dpgvs3.test.db=embedded}
 * to skip the Docker probe.
 */
public final class PostgresExtension implements BeforeAllCallback {

    private static final Logger LOG = Logger.getLogger(PostgresExtension.class.getName());
    private static final String SHARED_DB = "pgvs3_test";
    private static final AtomicInteger FRESH = new AtomicInteger();

    private static Server server;
    private static DataSource main;
    private static DataSource chunk;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        start();
    }

    private static synchronized void start() throws Exception {
        if (server != null) {
            return;
        }
        Server s = Server.start();
        Runtime.getRuntime().addShutdownHook(new Thread(s::close, "pgvs3-test-postgres-stop"));
        createDatabase(s.dataSource("postgres", false), SHARED_DB);
        main = s.dataSource(SHARED_DB, false);
        chunk = s.dataSource(SHARED_DB, true);
        new LayoutManager(main).ensure();
        server = s;
    }

    /** The metadata pool's session settings. */
    public static DataSource main() {
        return require(main);
    }

    /** The chunk pool's session settings ({@code enable_indexscan = off}, generic plans). */
    public static DataSource chunk() {
        return require(chunk);
    }

    /** A new, empty database (no layout) on the same server; {@code chunkSettings} as {@link #chunk()}. */
    public static DataSource freshDatabase(boolean chunkSettings) throws SQLException {
        require(main);
        String name = "pgvs3_fresh_" + FRESH.incrementAndGet();
        createDatabase(server.dataSource("postgres", false), name);
        return server.dataSource(name, chunkSettings);
    }

    /** Both pools of one database. */
    public record Database(DataSource main, DataSource chunk) {
    }

    /**
     * A new database with layout v1, for tests that must see only their own namespaces (maintenance
     * walks every namespace of its database).
     */
    public static Database freshStoreDatabase() throws SQLException {
        require(main);
        String name = "pgvs3_fresh_" + FRESH.incrementAndGet();
        createDatabase(server.dataSource("postgres", false), name);
        Database db = new Database(server.dataSource(name, false), server.dataSource(name, true));
        new LayoutManager(db.main()).ensure();
        return db;
    }

    /** A bucket name no other test uses. */
    public static String uniqueBucket(String hint) {
        return (hint + "-" + UUID.randomUUID().toString().substring(0, 8)).toLowerCase();
    }

    private static DataSource require(DataSource ds) {
        if (ds == null) {
            throw new IllegalStateException("annotate the test class with @ExtendWith(PostgresExtension.class)");
        }
        return ds;
    }

    private static void createDatabase(DataSource admin, String name) throws SQLException {
        try (Connection c = admin.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE DATABASE " + name);
        }
    }

    /** Where the server runs. */
    private record Server(String host, int port, String user, String password, AutoCloseable handle) {

        static Server start() throws Exception {
            if (!"embedded".equals(System.getProperty("pgvs3.test.db")) && dockerAvailable()) {
                PostgreSQLContainer container = new PostgreSQLContainer("postgres:18");
                container.start();
                LOG.info("store tests use a postgres:18 container");
                return new Server(container.getHost(), container.getMappedPort(5432), container.getUsername(),
                        container.getPassword(), container::stop);
            }
            String password = "pgvs3-test";
            EmbeddedPostgresServer embedded = EmbeddedPostgresServer.startFast(password);
            LOG.info("store tests use the embedded PostgreSQL 18 at port " + embedded.port());
            return new Server("127.0.0.1", embedded.port(), EmbeddedPostgresServer.USER, password, embedded);
        }

        private static boolean dockerAvailable() {
            try {
                return DockerClientFactory.instance().isDockerAvailable();
            } catch (RuntimeException | LinkageError e) {
                return false;
            }
        }

        DataSource dataSource(String database, boolean chunkSettings) {
            PGSimpleDataSource ds = new PGSimpleDataSource();
            ds.setUrl("jdbc:postgresql://" + host + ":" + port + "/" + database);
            ds.setUser(user);
            ds.setPassword(password);
            ds.setOptions(chunkSettings
                    ? "-c enable_indexscan=off -c synchronous_commit=on -c plan_cache_mode=force_generic_plan"
                    : "-c synchronous_commit=on");
            return ds;
        }

        void close() {
            try {
                handle.close();
            } catch (Exception e) {
                LOG.warning("test PostgreSQL did not stop cleanly: " + e.getMessage());
            }
        }
    }
}
