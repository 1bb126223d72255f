package io.pgvs3.it;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.sql.SqlErrors;
import io.pgvs3.store.sql.Transactions;
import jakarta.annotation.Resource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Instant;
import java.util.List;
import java.util.stream.Stream;
import javax.sql.DataSource;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.postgresql.PGConnection;

/**
 * A session the database ended in the middle of a transaction, as a PostgreSQL crash or restart ends all
 * of them: the transaction's end fails at connection level, the pool lends a live session next, and
 * Liberty writes no FFDC incident for it (docs/adr/0039: an outage is an expected condition). A commit
 * that met a killed server left {@code WSJdbcConnection.commit} probe 587 in a CI run of DatabaseKillFaultIT.
 */
@InLiberty
class TransactionEndsIT {

    @Deployment
    static WebArchive deployment() {
        return Deployments.store(TransactionEndsIT.class);
    }

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunk;

    /** What a test does with a pooled connection: one transaction of the kind under test. */
    @FunctionalInterface
    private interface TransactionOn {
        void run(Connection c) throws Exception;
    }

    @Test
    void aCommitOnAnEndedSessionFailsAtConnectionLevelWithoutAnIncident() throws Exception {
        endsAtConnectionLevelWithoutAnIncident(main, c -> Transactions.inTransaction(c, tx -> {
            endSessionInTransaction(tx);
            return null;
        }));
    }

    /** The transaction of work that may also fail with an IOException (it streams bytes), on the chunk pool. */
    @Test
    void aStreamTransactionOnAnEndedSessionFailsAtConnectionLevelWithoutAnIncident() throws Exception {
        endsAtConnectionLevelWithoutAnIncident(chunk, c -> Transactions.<Void, Void, Void, IOException>inTransaction(
                c, null, null, (tx, none, nothing) -> {
                    endSessionInTransaction(tx);
                    return null;
                }));
    }

    /**
     * {@code transaction}, whose work ends its own session, fails at connection level; {@code pool} then
     * lends a live session, and the server wrote no incident for the commit.
     */
    private void endsAtConnectionLevelWithoutAnIncident(DataSource pool, TransactionOn transaction) throws Exception {
        SQLException failure = assertThrows(SQLException.class, () -> {
            try (Connection c = pool.getConnection()) {
                transaction.run(c);
            }
        });
        assertTrue(SqlErrors.isConnectionLost(failure), () -> "not a lost session: " + failure);
        try (Connection c = pool.getConnection()) {
            assertEquals(1, selectOne(c), "the pool lent a dead session after the lost one");
        }
        assertEquals(List.of(), incidentsFrom("commit"), "FFDC incidents of a commit on an ended session");
    }

    /** Opens the transaction on the server, then ends the session under it. */
    private void endSessionInTransaction(Connection tx) throws SQLException {
        selectOne(tx);
        terminate(tx);
    }

    /** Eight times on one session: past PgJDBC's prepareThreshold (5), the ROLLBACK runs server-prepared too. */
    @Test
    void aTransactionAnErrorAbortedIsNotCommitted() throws Exception {
        try (Connection c = main.getConnection()) {
            for (int i = 0; i < 8; i++) {
                refusesTheCommitOfAnAbortedTransaction(c);
            }
        }
    }

    private static void refusesTheCommitOfAnAbortedTransaction(Connection c) {
        SQLException refused = assertThrows(SQLException.class, () -> Transactions.inTransaction(c, tx -> {
            try (Statement s = tx.createStatement()) {
                s.execute("CREATE TEMP TABLE aborted_commit (v int)");
                assertThrows(SQLException.class, () -> s.execute("SELECT 1 / 0"));
            }
            return null; // work that swallowed its error: the commit must not pretend it committed
        }));
        assertEquals("25P02", refused.getSQLState(), () -> "not refused as a failed transaction: " + refused);
        assertDoesNotThrow(() -> {
            assertTrue(c.getAutoCommit(), "the handle is back in autocommit");
            try (Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("SELECT to_regclass('pg_temp.aborted_commit') IS NULL")) {
                assertTrue(rs.next() && rs.getBoolean(1), "the aborted transaction's table exists");
            }
        });
    }

    @Test
    void aCommitMakesTheWorkVisibleToOtherSessions() throws Exception {
        try (Connection c = main.getConnection(); Statement s = c.createStatement()) {
            s.execute("CREATE TABLE IF NOT EXISTS committed_work (v bigint)");
            long value = System.nanoTime();
            Transactions.inTransaction(c, tx -> {
                try (PreparedStatement ps = tx.prepareStatement("INSERT INTO committed_work VALUES (?)")) {
                    ps.setLong(1, value);
                    return ps.executeUpdate();
                }
            });
            try (Connection other = chunk.getConnection();
                 PreparedStatement ps = other.prepareStatement("SELECT count(*) FROM committed_work WHERE v = ?")) {
                ps.setLong(1, value);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next());
                    assertEquals(1, rs.getInt(1), "the committed row is visible to another session");
                }
            } finally {
                s.execute("DROP TABLE committed_work");
            }
        }
    }

    /** Ends {@code c}'s backend from another session and waits until it is gone. */
    private void terminate(Connection c) throws SQLException {
        int pid = c.unwrap(PGConnection.class).getBackendPID();
        try (Connection other = main.getConnection();
             PreparedStatement ps = other.prepareStatement("SELECT pg_terminate_backend(?, 30000)")) {
            ps.setInt(1, pid);
            try (ResultSet rs = ps.executeQuery()) {
                assertTrue(rs.next() && rs.getBoolean(1), "backend " + pid + " was not terminated");
            }
        }
    }

    private static int selectOne(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT 1")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * This server process's FFDC incident files whose source is a JDBC method named {@code method}
     * (Liberty writes one file per kind of incident and process; the directory keeps earlier processes').
     */
    private static List<String> incidentsFrom(String method) throws IOException {
        Path ffdc = Path.of(System.getProperty("server.output.dir"), "logs", "ffdc");
        if (!Files.isDirectory(ffdc)) {
            return List.of();
        }
        Instant started = ProcessHandle.current().info().startInstant().orElseThrow();
        try (Stream<Path> files = Files.list(ffdc)) {
            return files.filter(f -> f.getFileName().toString().startsWith("ffdc_"))
                    .filter(f -> !modified(f).isBefore(started))
                    .filter(f -> source(f).endsWith("." + method))
                    .map(f -> f.getFileName() + " (" + source(f) + ")").toList();
        }
    }

    private static Instant modified(Path file) {
        try {
            return Files.getLastModifiedTime(file).toInstant();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String source(Path incident) {
        try (Stream<String> lines = Files.lines(incident)) {
            return lines.limit(4).filter(l -> l.startsWith("Source = ")).map(l -> l.substring(9).trim())
                    .findFirst().orElse("");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
