package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.store.api.error.StoreError;
import java.sql.SQLException;
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
    void aVanishedNamespaceIsStillNoSuchBucket() {
        assertEquals(StoreError.NO_SUCH_BUCKET,
                SqlErrors.translate("GET k", "b", new SQLException("gone", SqlErrors.UNDEFINED_SCHEMA)).error());
        assertEquals(StoreError.BUSY,
                SqlErrors.translate("GET k", "b", new SQLException("timeout", SqlErrors.QUERY_CANCELED)).error());
    }
}
