package io.pgvs3.resp.protocol;

/** Why the decoder gave up on a connection, in Redis' words (the connection is closed after the reply). */
public final class ProtocolError {

    static final String INVALID_MULTIBULK = "ERR Protocol error: invalid multibulk length";
    static final String INVALID_BULK = "ERR Protocol error: invalid bulk length";
    static final String TOO_BIG_INLINE = "ERR Protocol error: too big inline request";
    static final String TOO_BIG_MBULK = "ERR Protocol error: too big mbulk count string";
    static final String TOO_BIG_BULK_COUNT = "ERR Protocol error: too big bulk count string";
    static final String UNBALANCED_QUOTES = "ERR Protocol error: unbalanced quotes in request";
    /** Redis closes such a client without a reply; we say why first. */
    static final String QUERY_TOO_BIG = "ERR Protocol error: request exceeds the maximum query buffer length";

    private ProtocolError() {
    }

    static String expectedDollar(byte got) {
        return "ERR Protocol error: expected '$', got '" + (char) (got & 0xFF) + "'";
    }
}
