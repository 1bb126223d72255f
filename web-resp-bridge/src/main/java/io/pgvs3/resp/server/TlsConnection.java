package io.pgvs3.resp.server;

import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.protocol.Reply;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One TLS client on its own managed thread (blocking JSSE sockets; plaintext clients share the event loops
 * instead, see docs/adr/0046): read what arrived, answer it through the {@link Exchange}, write the
 * replies, repeat.
 */
final class TlsConnection implements Runnable, Client {

    private static final Logger LOG = Logger.getLogger(TlsConnection.class.getName());

    private final Socket socket;
    private final Exchange exchange;
    private final Session session;
    private final int idleTimeoutMillis;
    private final Runnable onClose;

    TlsConnection(Socket socket, Exchange exchange, int idleTimeoutMillis, Runnable onClose) {
        this.socket = socket;
        this.exchange = exchange;
        this.session = exchange.session();
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.onClose = onClose;
    }

    @Override
    public void run() {
        try (socket) {
            socket.setSoTimeout(idleTimeoutMillis);
            serve(socket.getInputStream(), socket.getOutputStream());
        } catch (SocketTimeoutException e) {
            LOG.fine(() -> "closing idle RESP client " + session.id());
        } catch (IOException e) {
            LOG.log(Level.FINE, "RESP client " + session.id() + " went away", e);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "RESP client " + session.id() + " failed; closing it", e);
        } finally {
            onClose.run();
        }
    }

    private void serve(InputStream in, OutputStream out) throws IOException {
        byte[] buffer = new byte[Exchange.READ_BUFFER];
        Reply reply = new Reply();
        while (true) {
            int n = in.read(buffer);
            if (n < 0) {
                return;
            }
            boolean open = exchange.answer(exchange.decode(buffer, 0, n), reply);
            if (reply.size() > 0) {
                reply.flushTo(out);
            }
            if (!open) {
                finish(in);
                return;
            }
        }
    }

    /**
     * Ends a connection the server closes (QUIT, protocol error) so that its last reply arrives: FIN
     * after the reply, then the client's unread bytes are drained until it closes too (bounded in time
     * and bytes), because closing a socket with unread input sends a reset that can destroy the reply.
     */
    private void finish(InputStream in) throws IOException {
        socket.shutdownOutput();
        socket.setSoTimeout(Exchange.DRAIN_MILLIS);
        byte[] sink = new byte[Exchange.READ_BUFFER];
        long drained = 0;
        int n;
        while (drained < Exchange.DRAIN_BYTES && (n = in.read(sink)) >= 0) {
            drained += n;
        }
    }

    @Override
    public Session session() {
        return session;
    }

    /** Unblocks the thread's read (listener stop). */
    @Override
    public void close() {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing RESP client " + session.id(), e);
        }
    }
}
