package io.pgvs3.resp.server;

import java.util.Locale;

/**
 * Why the bridge closed a client: the {@code reason} of {@code pgvs3_resp_connections_closed_total}. The
 * first reason a connection is closed for is the one counted.
 */
enum CloseReason {

    /** The client closed its side (or the socket) while it could still send commands. */
    CLIENT_CLOSED,
    /** After QUIT's reply. */
    QUIT,
    /** After a protocol error's reply. */
    PROTOCOL_ERROR,
    /** Refused at {@code maxclients}: after the refusal, or its TLS handshake never finished. */
    MAX_CLIENTS,
    /** Silent past {@code pgvs3.resp.idle-timeout}. */
    IDLE_TIMEOUT,
    /** Read nothing of its replies for {@code pgvs3.resp.write-timeout}. */
    WRITE_TIMEOUT,
    /** A read or write failed (a reset, a broken TLS session). */
    NETWORK_ERROR,
    /** The bridge failed while answering it; logged as a warning. */
    SERVER_ERROR,
    /** The listener stopped. */
    SHUTDOWN;

    /** The metric's label value: the name in lower case. */
    String label() {
        return name().toLowerCase(Locale.ROOT);
    }
}
