package io.pgvs3.resp.server;

import java.io.IOException;
import java.nio.ByteBuffer;

/**
 * How one client's bytes cross its socket: as they are ({@link PlainWire}) or through TLS ({@link TlsWire}).
 * Reading runs on the connection's event loop; writing on the worker that answers a batch or on the loop,
 * one thread at a time.
 */
interface Wire {

    /**
     * Reads what the socket has (non-blocking) and returns the client's plaintext in {@code buffers.plain()},
     * flipped; empty when nothing whole arrived (a partial TLS record, a handshake message). Null at the end of
     * the input (EOF, or a TLS close_notify).
     */
    ByteBuffer read(ReadBuffers buffers) throws IOException;

    /**
     * Writes from {@code src} what the socket takes now; true when {@code src} and everything the wire held
     * before it went out, false when the socket is full (write again, with what is left, once it is writable).
     */
    boolean write(ByteBuffer src) throws IOException;

    /** True when the wire holds bytes of its own to write before it can read on (a TLS handshake message). */
    boolean holdsOutput();

    /** True once the client may be answered: at once in plaintext, after the handshake in TLS. */
    boolean ready();

    /** After the last reply: says goodbye as the protocol does (TLS close_notify) and shuts the output (FIN). */
    void shutdownOutput() throws IOException;
}
