package io.pgvs3.store.layout;

import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Creates layout v1 in an empty database or verifies an existing one. Runs under a session advisory
 * lock so that several gateways starting at once against a fresh database do not race the DDL: the
 * first creates, the others wait and then verify. Never alters an existing layout. A read-only gateway,
 * and any gateway whose database is in recovery (a standby), only verifies: no lock, no DDL, no
 * transaction (docs/adr/0035).
 */
public final class LayoutManager {

    private static final Logger LOG = Logger.getLogger(LayoutManager.class.getName());

    static final int MIN_SERVER_VERSION = 180000;

    private static final String SERVER_VERSION = "SELECT current_setting('server_version_num')::int";
    private static final String CATALOG_PRESENT = """
            SELECT to_regnamespace('pgvs3') IS NOT NULL, to_regclass('pgvs3.layout') IS NOT NULL,
                   to_regclass('pgvs3.namespaces') IS NOT NULL, to_regclass('pgvs3.file_ids') IS NOT NULL""";
    private static final String LAYOUT_VERSION = "SELECT count(*), min(version), max(version) FROM pgvs3.layout";
    private static final String IN_RECOVERY = "SELECT pg_is_in_recovery()";

    private final DataSource dataSource;
    private final boolean readOnly;
    private final NamespaceVerifier verifier = new NamespaceVerifier();

    /** A writable gateway's check: creates the layout in an empty database. */
    public LayoutManager(DataSource dataSource) {
        this(dataSource, false);
    }

    /** @param readOnly {@code pgvs3.read-only}: never create, only verify */
    public LayoutManager(DataSource dataSource, boolean readOnly) {
        this.dataSource = dataSource;
        this.readOnly = readOnly;
    }

    /**
     * @throws LayoutRefusedException the database has another or a partial layout, or is not PostgreSQL 18+
     * @throws SQLException           the database could not be reached or refused the DDL
     */
    public LayoutStatus ensure() throws SQLException {
        try (Connection c = dataSource.getConnection()) {
            c.setAutoCommit(true);
            requireServerVersion(c);
            if (readOnly || inRecovery(c)) {
                return verifyReadOnly(c);
            }
            Locks.lockLayout(c);
            try {
                LayoutStatus status = Transactions.inTransaction(c, tx -> createOrVerify(tx, true));
                LOG.info(() -> "storage layout v" + status.version()
                        + (status.created() ? " created" : " verified") + ", " + status.namespaces()
                        + " namespaces");
                return status;
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

    private static boolean inRecovery(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery(IN_RECOVERY)) {
            rs.next();
            return rs.getBoolean(1);
        }
    }

    private LayoutStatus verifyReadOnly(Connection c) throws SQLException {
        LayoutStatus status = createOrVerify(c, false);
        LOG.info(() -> "storage layout v" + status.version() + " verified for read-only use"
                + (readOnly ? " (pgvs3.read-only)" : " (the database is in recovery)") + ", "
                + status.namespaces() + " namespaces");
        return status;
    }

    /** @param writable whether an empty database gets the layout (false: it is refused, to be retried) */
    private LayoutStatus createOrVerify(Connection c, boolean writable) throws SQLException {
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
        if (!schema && !writable) {
            throw new LayoutRefusedException("the database holds no pgvs3 storage layout and this gateway is"
                    + " read-only, so it does not create one: start a writable gateway against the primary (a"
                    + " standby shows the layout once it has replayed it). Nothing was changed.");
        }
        if (!schema) {
            create(c);
            return new LayoutStatus(CatalogDdl.LAYOUT_VERSION, true, 0, false);
        }
        if (!layout) {
            throw partial("schema pgvs3 exists but has no pgvs3.layout table");
        }
        if (writable) {
            upgradeFromEarlier(c);
            try (Statement s = c.createStatement()) {
                s.execute(NamespaceDdl.OBJECT_ROWS_STAY_IN_PAGE);
                s.execute(NamespaceDdl.CACHE_OBJECTS_SETTINGS_WHERE_MISSING);
                s.execute(NamespaceDdl.SHAPE_FUNCTIONS);
                s.execute(NamespaceDdl.SHAPE_CHECKS_WHERE_INLINE);
            }
        }
        verifyVersion(c, 0);
        if (!namespaces || !fileIds) {
            throw partial("pgvs3.layout says version " + CatalogDdl.LAYOUT_VERSION
                    + " but pgvs3.namespaces or the sequence pgvs3.file_ids is missing");
        }
        return new LayoutStatus(CatalogDdl.LAYOUT_VERSION, false, verifier.verifyAll(c), !writable);
    }

    /**
     * Layout 2 added origin-backed buckets, whose tables are created with each such bucket; layout 3 added
     * their metadata and upload tables, layout 4 their range blocks. A layout-1 database needs only its
     * new number, a layout-2 or layout-3 one also the missing tables in each origin-backed bucket; the new
     * number keeps older gateways (that would serve an origin-backed bucket without its origin, or without
     * those tables) away from it. Runs in the caller's transaction: all of it or nothing.
     */
    private static void upgradeFromEarlier(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            if (s.executeUpdate(CatalogDdl.UPGRADE_FROM_EARLIER) == 0) {
                return;
            }
            List<String> schemas = new ArrayList<>();
            try (ResultSet rs = s.executeQuery(CatalogDdl.ORIGIN_BACKED_SCHEMAS)) {
                while (rs.next()) {
                    schemas.add(rs.getString(1));
                }
            }
            for (String schema : schemas) {
                s.execute(NamespaceDdl.originUpgradeScript(schema));
            }
            LOG.warning(() -> "storage layout upgraded to v" + CatalogDdl.LAYOUT_VERSION + " (" + schemas.size()
                    + " origin-backed buckets completed); gateways of older versions now refuse this database");
        }
    }

    private static void create(Connection c) throws SQLException {
        try (Statement s = c.createStatement()) {
            for (String ddl : CatalogDdl.STATEMENTS) {
                s.execute(ddl);
            }
            s.execute(NamespaceDdl.SHAPE_FUNCTIONS); // before any namespace table's row_shape CHECK calls them
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
            Locks.unlockLayout(c);
        } catch (SQLException e) {
            // a session lock ends with its session anyway
            LOG.log(Level.FINE, "could not release the layout lock", e);
        }
    }
}
