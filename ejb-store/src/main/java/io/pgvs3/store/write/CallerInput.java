package io.pgvs3.store.write;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.function.Supplier;

/**
 * Body streams and checksum suppliers come from the caller and may refuse the input with an unchecked
 * exception of the caller's own (a bad aws-chunked signature, a checksum mismatch). Such a refusal is
 * the caller's answer, not a store failure: it leaves the store as {@link StoreError#REJECTED_INPUT}
 * with the caller's exception as its cause, an application exception that the EJB container passes
 * through without logging it as a system failure or writing an FFDC incident.
 */
public final class CallerInput {

    private CallerInput() {
    }

    /** {@code body}, with the caller's unchecked exceptions turned into {@code REJECTED_INPUT}. */
    public static InputStream guard(InputStream body) {
        return body == null ? null : new Guarded(body);
    }

    /** Asks a caller's supplier; a refusal becomes {@code REJECTED_INPUT}. A null supplier gives null. */
    public static <T> T get(Supplier<T> supplier) {
        if (supplier == null) {
            return null;
        }
        try {
            return supplier.get();
        } catch (StoreException e) {
            throw e;
        } catch (RuntimeException e) {
            throw rejected(e);
        }
    }

    private static StoreException rejected(RuntimeException e) {
        return new StoreException(StoreError.REJECTED_INPUT, "the caller refused its own input: " + e.getMessage(), e);
    }

    private static final class Guarded extends FilterInputStream {

        Guarded(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (StoreException e) {
                throw e;
            } catch (RuntimeException e) {
                throw rejected(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return in.read(b, off, len);
            } catch (StoreException e) {
                throw e;
            } catch (RuntimeException e) {
                throw rejected(e);
            }
        }
    }
}
