package io.pgvs3.store.api.error;

import jakarta.ejb.ApplicationException;

/**
 * A store failure with its reason. An application exception, so the container passes it through
 * unwrapped; no container rollback: the beans run their own JDBC transactions and roll them back.
 */
@ApplicationException
public class StoreException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final StoreError error;

    public StoreException(StoreError error, String message) {
        super(message);
        this.error = error;
    }

    public StoreException(StoreError error, String message, Throwable cause) {
        super(message, cause);
        this.error = error;
    }

    public StoreError error() {
        return error;
    }
}
