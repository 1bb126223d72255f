package io.pgvs3.store.read;

import java.io.IOException;

/**
 * Rows of a chunked file that a read needs are not there: the file was reaped after the object's metadata
 * named it (the object was replaced meanwhile), or it is incomplete.
 */
final class MissingRowsException extends IOException {

    private static final long serialVersionUID = 1L;

    MissingRowsException(String message) {
        super(message);
    }

    /** Whether {@code failure} or one of its causes is missing rows. */
    static boolean among(Throwable failure) {
        for (Throwable t = failure; t != null; t = t.getCause()) {
            if (t instanceof MissingRowsException) {
                return true;
            }
        }
        return false;
    }
}
