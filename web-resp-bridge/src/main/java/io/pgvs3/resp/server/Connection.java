package io.pgvs3.resp.server;

import io.pgvs3.resp.command.PipelineRunner;
import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.protocol.DecoderLimits;
import io.pgvs3.resp.protocol.Reply;
import io.pgvs3.resp.protocol.RespDecoder;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.ArrayList;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One client on its own managed thread: read what arrived, decode every complete command in it, answer
 * them as one batch (so a pipeline's consecutive GETs or SETs coalesce), write the replies, repeat. A
 * protocol error is answered after the commands before it, then the connection closes, as in Redis.
 */
final class Connection implements Runnable {

    private static final Logger LOG = Logger.getLogger(Connection.class.getName());
    private static final int READ_BUFFER = 64 * 1024;
    private static final int DRAIN_MILLIS = 2000;
    private static final long DRAIN_BYTES = 1 << 20;

    private final Socket socket;
    private final Session session;
    private final PipelineRunner pipeline;
    private final RespDecoder decoder;
    private final int idleTimeoutMillis;
    private final Runnable onClose;

    Connection(Socket socket, Session session, PipelineRunner pipeline, DecoderLimits limits, int idleTimeoutMillis,
               Runnable onClose) {
        this.socket = socket;
        this.session = session;
        this.pipeline = pipeline;
        this.decoder = new RespDecoder(limits);
        this.idleTimeoutMillis = idleTimeoutMillis;
        this.onClose = onClose;
    }

    Session session() {
        return session;
    }

    @Override
    public void run() {
        try (socket) {
            socket.setTcpNoDelay(true);
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
        byte[] buffer = new byte[READ_BUFFER];
        List<byte[][]> commands = new ArrayList<>();
        Reply reply = new Reply();
        while (true) {
            int n = in.read(buffer);
            if (n < 0) {
                return;
            }
            boolean intact = decoder.feed(buffer, 0, n, commands);
            if (!commands.isEmpty()) {
                pipeline.execute(session, commands, reply);
                commands.clear();
            }
            if (!intact && !session.closing()) {
                reply.error(decoder.error());
            }
            if (reply.size() > 0) {
                reply.flushTo(out);
            }
            if (!intact || session.closing()) {
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
        socket.setSoTimeout(DRAIN_MILLIS);
        byte[] sink = new byte[READ_BUFFER];
        long drained = 0;
        int n;
        while (drained < DRAIN_BYTES && (n = in.read(sink)) >= 0) {
            drained += n;
        }
    }

    /** Unblocks the thread's read (listener stop). */
    void close() {
        try {
            socket.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing RESP client " + session.id(), e);
        }
    }
}
