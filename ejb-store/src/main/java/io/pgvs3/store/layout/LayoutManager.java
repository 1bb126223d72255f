package io.pgvs3.store.layout;

import io.pgvs3.store.sql.Locks;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Creates layout v1 in an empty database or verifies an existing one. Runs under a session advisory
 * lock so that several gateways starting at once against a fresh database do not race the DDL: the
 * first creates, the others wait and then verify. Never alters an existing layout.
 */
public final class LayoutManager {

    private static final Logger LOG = Logger.getLogger(LayoutManager.class.getName());

    static final int MIN_SERVER_VERSION = 180000;

    private static final String SERVER_VERSION = "SELECT current_setting('server_version_num')::int";
    private static final String CATALOG_PRESENT = """
            SELECT to_regnamespace('pgvs3') IS NOT NULL, to_regclass('pgvs3.layout') IS NOT NULL,
                   to_regclass('pgvs3.namespaces') IS NOT NULL, to_regclass('pgvs3.file_ids') IS NOT NULL""";
    private static final String LAYOUT_VERSION = "SELECT count(*), min(version), max(version) FROM pgvs3.layout";

    private final DataSource dataSource;
    private final NamespaceVerifier verifier = new NamespaceVerifier();

    public LayoutManager(DataSource dataSource) {
        this.dataSource = dataSource;
    }

    /**
     * @throws LayoutRefusedException the database has another or a partial layout, or is not PostgreSQL 18+
     * @throws SQLException           the database could not be reached or refused the DDL
     */
    public LayoutStatus ensure() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            requireServerVersion(c);
            Locks.lockLayout(c);
            try {
                c.setAutoCommit(false);
                try {
                    LayoutStatus status = createOrVerify(c);
                    c.commit();
                    LOG.info(() -> "storage layout v" + status.version()
                            + (status.created() ? " created" : " verified") + ", " + status.namespaces()
                            + " namespaces");
                    return status;
                } catch (SQLException | RuntimeException e) {
                    c.rollback();
                    throw e;
                }
            } finally {
                unlockQuietly(c);
            }
        }
    }

    private static void requireServerVersion(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(SERVER_VERSION)) {
            rs.next();
            int version = rs.getInt(1);
            if (version < MIN_SERVER_VERSION) {
                throw new LayoutRefusedException("pgvs3 needs PostgreSQL 18 or newer; this server is "
                        + version + " (server_version_num). Point the gateway at a PostgreSQL 18 database.");
            }
        }
    }

    private LayoutStatus createOrVerify(Connection c) throws SQLException {
        boolean schema;
        boolean layout;
        boolean namespaces;
        boolean fileIds;
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(CATALOG_PRESENT)) {
            rs.next();
            schema = rs.getBoolean(1);
            layout = rs.getBoolean(2);
            namespaces = rs.getBoolean(3);
            fileIds = rs.getBoolean(4);
        }
        if (!schema) {
            create(c);
            return new LayoutStatus(CatalogDdl.LAYOUT_VERSION, true, 0);
        }
        if (!layout) {
            throw partial("schema pgvs3 exists but has no pgvs3.layout table");
        }
        verifyVersion(c, 0);
        if (!namespaces || !fileIds) {
            throw partial("pgvs3.layout says version " + CatalogDdl.LAYOUT_VERSION
                    + " but pgvs3.namespaces or the sequence pgvs3.file_ids is missing");
        }
        return new LayoutStatus(CatalogDdl.LAYOUT_VERSION, false, verifier.verifyAll(c));
    }

    private static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String ddl : CatalogDdl.STATEMENTS) {
                s.execute(ddl);
            }
        }
    }

    /**
     * Checks that the database still holds the expected layout version (readiness asks on every probe).
     *
     * @param timeoutSeconds statement timeout, 0 for none
     * @throws LayoutRefusedException the version is missing or another one
     */
    public static void verifyVersion(Connection c, int timeoutSeconds) throws SQLException {
        try (PreparedStatement ps = withTimeout(c.prepareStatement(LAYOUT_VERSION), timeoutSeconds);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            long rows = rs.getLong(1);
            if (rows == 0) {
                throw partial("pgvs3.layout is empty, so the layout version is unknown");
            }
            int min = rs.getInt(2);
            int max = rs.getInt(3);
            if (rows != 1 || min != max || max != CatalogDdl.LAYOUT_VERSION) {
                String found = min == max ? String.valueOf(max) : min + ".." + max;
                throw new LayoutRefusedException("the database holds pgvs3 storage layout version " + found
                        + " but this gateway expects version " + CatalogDdl.LAYOUT_VERSION
                        + "; there is no in-place upgrade: migrate the data explicitly or point the gateway"
                        + " at a fresh database. Nothing was changed.");
            }
        }
    }

    private static PreparedStatement withTimeout(PreparedStatement ps, int timeoutSeconds) throws SQLException {
        ps.setQueryTimeout(timeoutSeconds);
        return ps;
    }

    static LayoutRefusedException partial(String what) {
        return new LayoutRefusedException("partial or damaged pgvs3 storage layout (" + what
                + "); refusing to guess. Use a fresh database, or repair/migrate this one explicitly"
                + " (expected layout version " + CatalogDdl.LAYOUT_VERSION + "). Nothing was changed.");
    }

    private static void unlockQuietly(Connection c) {
        try {
            c.setAutoCommit(true);
            Locks.unlockLayout(c);
        } catch (SQLException e) {
            // a session lock ends with its session anyway
            LOG.log(Level.FINE, "could not release the layout lock", e);
        }
    }
}
