package io.pgvs3.store.write;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.Namespaces;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Sql;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two transactions dropping the last two references to one shared file. */
@ExtendWith(PostgresExtension.class)
class FileRefsTest {

    private static final Duration PATIENCE = Duration.ofSeconds(10);

    @Test
    void concurrentDropsOfTheLastTwoReferencesQueueTheFileExactlyOnce() throws Exception {
        Stores stores = new Stores();
        String bucket = stores.newBucket("lastrefs");
        stores.writer.put(Bodies.spec(bucket, "a", 200_000), new ByteArrayInputStream(Bodies.random(200_000, 1)));
        stores.copier.copy(new CopySpec(new CopySource(bucket, "a", null), bucket, "b", false, null, Map.of(),
                WriteCondition.NONE), CopyListener.NONE);
        long file = stores.reader.head(bucket, "a", false).location().fileId();

        try (Connection first = PostgresExtension.main().getConnection();
             Connection second = PostgresExtension.main().getConnection()) {
            int firstPid = backendPid(first);
            int secondPid = backendPid(second);
            first.setAutoCommit(false);
            second.setAutoCommit(false);
            Namespace ns = Namespaces.find(first, bucket).orElseThrow();
            ObjectPublisher.delete(first, ns, "a");
            CompletableFuture<Boolean> other = CompletableFuture.supplyAsync(() -> {
                try {
                    ObjectPublisher.delete(second, ns, "b");
                    return true;
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
            boolean blocked = awaitBlockedOrDone(secondPid, firstPid, other);
            assertFalse(other.isDone(), "the second drop waits for the first to decide");
            assertTrue(blocked, "the second drop neither waited for the first's locks nor ended within " + PATIENCE);
            first.commit();
            other.get(10, TimeUnit.SECONDS);
            second.commit();
        }
        assertEquals(1, Sql.count(bucket, "SELECT count(*) FROM %s.garbage WHERE file_id = " + file));
    }

    /** The grace before a replaced file is reaped counts from when it was queued, not from when its transaction began. */
    @Test
    void aFileIsQueuedAtTheTimeItsLastReferenceGoesNotWhenItsTransactionBegan() throws Exception {
        Stores stores = new Stores();
        String bucket = stores.newBucket("queuedat");
        stores.writer.put(Bodies.spec(bucket, "a", 200_000), new ByteArrayInputStream(Bodies.random(200_000, 2)));
        long file = stores.reader.head(bucket, "a", false).location().fileId();
        try (Connection c = PostgresExtension.main().getConnection()) {
            c.setAutoCommit(false);
            Namespace ns = Namespaces.find(c, bucket).orElseThrow();
            try (Statement s = c.createStatement()) {
                s.execute("SELECT pg_sleep(0.2)"); // as a slow upload's body would, after its transaction began
            }
            ObjectPublisher.delete(c, ns, "a");
            try (PreparedStatement ps = c.prepareStatement(ns.sql(
                    "SELECT queued_at - now() >= interval '200 milliseconds' FROM %s.garbage WHERE file_id = ?"))) {
                ps.setLong(1, file);
                try (ResultSet rs = ps.executeQuery()) {
                    assertTrue(rs.next(), "the deleted object's file is not queued");
                    assertTrue(rs.getBoolean(1), "queued at the transaction's start");
                }
            }
            c.commit();
        }
    }

    private static int backendPid(Connection c) throws SQLException {
        try (Statement s = c.createStatement(); ResultSet rs = s.executeQuery("SELECT pg_backend_pid()")) {
            rs.next();
            return rs.getInt(1);
        }
    }

    /**
     * Polls until session {@code waiter} waits for a lock of session {@code holder} (true) or {@code work}
     * has ended without waiting (false), for {@link #PATIENCE} at most.
     */
    private static boolean awaitBlockedOrDone(int waiter, int holder, CompletableFuture<?> work) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        try (Connection c = PostgresExtension.main().getConnection();
             PreparedStatement blocked = c.prepareStatement("SELECT ? = ANY (pg_blocking_pids(?))")) {
            blocked.setInt(1, holder);
            blocked.setInt(2, waiter);
            while (!work.isDone() && System.nanoTime() < deadline) {
                try (ResultSet rs = blocked.executeQuery()) {
                    rs.next();
                    if (rs.getBoolean(1)) {
                        return true;
                    }
                }
                Thread.sleep(10);
            }
            return false;
        }
    }
}
