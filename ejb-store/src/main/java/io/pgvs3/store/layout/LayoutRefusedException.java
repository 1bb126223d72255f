package io.pgvs3.store.layout;

/** The database holds something this gateway must not touch; the message says what to do. */
public final class LayoutRefusedException extends IllegalStateException {

    private static final long serialVersionUID = 1L;

    public LayoutRefusedException(String message) {
        super(message);
    }
}
