package io.pgvs3.store.api.error;

import jakarta.ejb.ApplicationException;

/**
 * A store failure with its reason; an application exception so the container passes it through unwrapped.
 * No rollback marking: the beans manage their transactions themselves, and marking the container's local
 * transaction would log an error and write an FFDC incident for every 404.
 */
@ApplicationException(rollback = false)
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
