package io.pgvs3.resp.error;

/** A command's answer is this error reply; thrown from deep inside argument parsing, caught once. */
public final class RespException extends RuntimeException {

    public RespException(String reply) {
        super(reply, null, false, false);
    }

    /** The reply text after '-', e.g. "ERR syntax error". */
    public String reply() {
        return getMessage();
    }
}
