package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.error.StoreError;
import java.net.SocketTimeoutException;
import java.sql.SQLException;
import java.sql.SQLTransientConnectionException;
import org.junit.jupiter.api.Test;

class SqlErrorsTest {

    @Test
    void limitsTheDatabaseEnforcedAreBusyAndEverythingElseUnavailable() {
        assertEquals(StoreError.BUSY, SqlErrors.unavailable("x", new SQLException("timeout", "57014")).error());
        assertEquals(StoreError.BUSY, SqlErrors.unavailable("x", new SQLException("lock", "55P03")).error());
        assertEquals(StoreError.BUSY, SqlErrors.unavailable("x", new SQLException("full", "53300")).error());
        assertEquals(StoreError.UNAVAILABLE, SqlErrors.unavailable("x", new SQLException("io", "08006")).error());
        assertEquals(StoreError.UNAVAILABLE, SqlErrors.unavailable("x", new SQLException("login", "08001")).error());
        assertEquals(StoreError.UNAVAILABLE, SqlErrors.unavailable("x", new SQLException("none")).error());
    }

    @Test
    void lostSessionsAreConnectionLevelAndAnswersOfALiveDatabaseAreNot() {
        assertTrue(SqlErrors.isConnectionLost(new SQLException("io", "08006")));
        assertTrue(SqlErrors.isConnectionLost(new SQLException("refused", "08001")));
        assertTrue(SqlErrors.isConnectionLost(new SQLException("terminating connection", "57P01")));
        assertTrue(SqlErrors.isConnectionLost(new SQLException("starting up", "57P03")));
        assertTrue(SqlErrors.isConnectionLost(new SQLException("wrapped", "XX000",
                new SocketTimeoutException("Read timed out"))));
        assertFalse(SqlErrors.isConnectionLost(new SQLException("timeout", SqlErrors.QUERY_CANCELED)));
        assertFalse(SqlErrors.isConnectionLost(new SQLException("lock", SqlErrors.LOCK_NOT_AVAILABLE)));
        assertFalse(SqlErrors.isConnectionLost(new SQLException("duplicate key", "23505")));
        assertFalse(SqlErrors.isConnectionLost(new SQLException("full", SqlErrors.TOO_MANY_CONNECTIONS)));
        assertFalse(SqlErrors.isConnectionLost(new SQLTransientConnectionException("pool wait", "08001")),
                "a pool wait is a busy pool, not a lost session");
    }

    @Test
    void aVanishedNamespaceIsStillNoSuchBucket() {
        assertEquals(StoreError.NO_SUCH_BUCKET,
                SqlErrors.translate("GET k", "b", new SQLException("gone", SqlErrors.UNDEFINED_SCHEMA)).error());
        assertEquals(StoreError.BUSY,
                SqlErrors.translate("GET k", "b", new SQLException("timeout", SqlErrors.QUERY_CANCELED)).error());
    }
}
