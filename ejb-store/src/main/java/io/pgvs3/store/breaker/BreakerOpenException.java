package io.pgvs3.store.breaker;

import java.sql.SQLTransientConnectionException;

/**
 * A connection refused by the open breaker, without asking the pool. SQLState 08001, so the store maps
 * it like any unreachable database: UNAVAILABLE, 503 ServiceUnavailable with Retry-After.
 */
public final class BreakerOpenException extends SQLTransientConnectionException {

    private static final long serialVersionUID = 1L;

    BreakerOpenException(String message) {
        super(message, "08001");
    }
}
