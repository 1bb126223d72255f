package io.pgvs3.resp.server;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SocketChannel;
import javax.net.ssl.SSLEngine;
import javax.net.ssl.SSLEngineResult;
import javax.net.ssl.SSLEngineResult.HandshakeStatus;
import javax.net.ssl.SSLException;

/**
 * A TLS client on an event loop, through an {@link SSLEngine} (docs/adr/0050). The loop reads records into
 * its shared buffer and unwraps them into its shared plaintext buffer; only a partial record is kept, in a
 * buffer as large as it. Replies are wrapped a few records at a time into a per-thread buffer and written;
 * only what the socket did not take is kept. An idle client so holds its engine and no buffer. The handshake
 * runs on the loop (its delegated tasks too); a TLS 1.2 client that asks for a second handshake is closed
 * (renegotiation refused); the end is a close_notify, answered with one. Unwrapping is the loop's alone;
 * wrapping (replies from workers, handshake messages from the loop) holds this object's lock, which the
 * engine needs: it allows one wrap and one unwrap at a time.
 */
final class TlsWire implements Wire {

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    /** Where a thread wraps replies: a few records, so a large reply takes few system calls. */
    private static final ThreadLocal<ByteBuffer> WRAPPED = ThreadLocal.withInitial(() -> ByteBuffer.allocate(64 * 1024));

    private final SocketChannel channel;
    private final SSLEngine engine;
    /** The loop's: the start of a record whose rest has not arrived yet. */
    private ByteBuffer partial;
    /** Guarded by this: records the socket did not take yet. */
    private ByteBuffer unsent;
    private volatile boolean handshaken;
    /** A second handshake was asked for: the connection closes with nothing more said (no ServerHello). */
    private boolean refused;

    TlsWire(SocketChannel channel, SSLEngine engine) {
        this.channel = channel;
        this.engine = engine;
    }

    @Override
    public ByteBuffer read(ReadBuffers buffers) throws IOException {
        ByteBuffer records = buffers.records().clear();
        if (partial != null) {
            records.put(partial);
            partial = null;
        }
        int n = channel.read(records);
        records.flip();
        ByteBuffer plain = buffers.plain().clear();
        boolean open;
        try {
            open = unwrap(records, plain);
        } catch (SSLException e) {
            if (!refused) {
                alert();
            }
            throw e;
        }
        if (records.hasRemaining()) {
            partial = ByteBuffer.allocate(records.remaining()).put(records).flip();
        }
        return open && n >= 0 ? plain.flip() : null;
    }

    /** Unwraps every whole record, going through the handshake; false once the client sent close_notify. */
    private boolean unwrap(ByteBuffer records, ByteBuffer plain) throws IOException {
        while (true) {
            HandshakeStatus status = engine.getHandshakeStatus();
            if (status == HandshakeStatus.NEED_TASK) {
                runTasks();
                continue;
            }
            if (status == HandshakeStatus.NEED_WRAP && !handshaken) {
                if (!write(NOTHING)) {
                    return true; // the socket is full: the loop writes the rest once it is writable
                }
                if (engine.getHandshakeStatus() == HandshakeStatus.NEED_WRAP) {
                    throw new SSLException("TLS handshake made no progress");
                }
                continue;
            }
            if (!records.hasRemaining()) {
                return true;
            }
            SSLEngineResult result = engine.unwrap(records, plain);
            switch (result.getStatus()) {
                case BUFFER_UNDERFLOW:
                    return true;
                case BUFFER_OVERFLOW:
                    // The engine checks room before completeness, and assumes a whole record for one it cannot
                    // measure yet. A whole record always fits: plaintext is never longer than its records, and
                    // both buffers are alike.
                    if (wholeRecord(records)) {
                        throw new IllegalStateException("a TLS record does not fit the plaintext buffer");
                    }
                    return true;
                case CLOSED:
                    goodbye();
                    return false;
                default:
            }
            if (handshaken && result.getHandshakeStatus() != HandshakeStatus.NOT_HANDSHAKING
                    && !"TLSv1.3".equals(engine.getSession().getProtocol())) {
                refused = true;
                throw new SSLException("TLS renegotiation refused");
            }
            finished(result);
            if (result.bytesConsumed() == 0 && result.bytesProduced() == 0
                    && result.getHandshakeStatus() == HandshakeStatus.NEED_UNWRAP) {
                return true;
            }
        }
    }

    /** True when {@code records} starts with a whole TLS record (5-byte header: type, version, length). */
    private static boolean wholeRecord(ByteBuffer records) {
        int p = records.position();
        return records.remaining() >= 5
                && records.remaining() >= 5 + ((records.get(p + 3) & 0xff) << 8 | (records.get(p + 4) & 0xff));
    }

    @Override
    public synchronized boolean write(ByteBuffer src) throws IOException {
        if (unsent != null) {
            channel.write(unsent);
            if (unsent.hasRemaining()) {
                return false;
            }
            unsent = null;
        }
        ByteBuffer out = WRAPPED.get();
        boolean more = true;
        while (more) {
            out.clear();
            more = wrap(src, out);
            out.flip();
            if (out.hasRemaining()) {
                channel.write(out);
            }
            if (out.hasRemaining()) {
                unsent = ByteBuffer.allocate(out.remaining()).put(out).flip();
                return false;
            }
        }
        return true;
    }

    /** Wraps {@code src} and what the handshake sends into {@code out}; true when there is more than fitted. */
    private boolean wrap(ByteBuffer src, ByteBuffer out) throws IOException {
        while (out.remaining() >= engine.getSession().getPacketBufferSize()) {
            if (engine.getHandshakeStatus() == HandshakeStatus.NEED_TASK) {
                runTasks();
            }
            if (!src.hasRemaining() && engine.getHandshakeStatus() != HandshakeStatus.NEED_WRAP) {
                return false;
            }
            SSLEngineResult result = engine.wrap(src, out);
            if (result.getStatus() == SSLEngineResult.Status.CLOSED) {
                if (src.hasRemaining()) {
                    throw new SSLException("TLS connection closed");
                }
                return false;
            }
            if (result.getStatus() == SSLEngineResult.Status.BUFFER_OVERFLOW) {
                return true;
            }
            finished(result);
            if (result.bytesConsumed() == 0 && result.bytesProduced() == 0
                    && result.getHandshakeStatus() != HandshakeStatus.NEED_TASK) {
                throw new SSLException("TLS engine made no progress: " + result);
            }
        }
        return true;
    }

    private void finished(SSLEngineResult result) {
        if (result.getHandshakeStatus() == HandshakeStatus.FINISHED) {
            handshaken = true;
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = engine.getDelegatedTask()) != null) {
            task.run();
        }
    }

    /** The client said close_notify: answer with ours (if the socket takes it now). */
    private void goodbye() throws IOException {
        engine.closeOutbound();
        write(NOTHING);
    }

    /** What the engine has to say about a broken handshake or record (an alert), if the socket takes it now. */
    private void alert() {
        try {
            write(NOTHING);
        } catch (IOException | RuntimeException e) {
            // the connection is being closed for the first failure anyway
        }
    }

    @Override
    public synchronized boolean holdsOutput() {
        return unsent != null;
    }

    @Override
    public boolean ready() {
        return handshaken;
    }

    /**
     * Sends close_notify after the last reply, then FIN. It is a few bytes behind replies the socket took; if
     * the socket cannot take them now, the client sees the FIN alone, after every reply.
     */
    @Override
    public void shutdownOutput() throws IOException {
        engine.closeOutbound();
        write(NOTHING);
        channel.shutdownOutput();
    }
}
