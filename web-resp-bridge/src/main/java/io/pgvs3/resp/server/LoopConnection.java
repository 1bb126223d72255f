package io.pgvs3.resp.server;

import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.protocol.Reply;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One plaintext client on an {@link EventLoop}. The loop reads and decodes; a batch of whole commands goes
 * to a worker, and the connection is not read again until that batch's replies are all written — the
 * backpressure: a client that sends faster than it reads its replies waits on its own socket buffers. The
 * worker writes what the socket takes at once, the loop the rest when the socket is writable. Idle, a
 * connection holds its session and decoder, no buffer and no thread. Every method but {@link #answer}
 * and {@link #close} runs on the loop's thread.
 */
final class LoopConnection implements Client {

    private static final Logger LOG = Logger.getLogger(LoopConnection.class.getName());
    /** A worker's reply buffer, reused for every batch it answers. */
    private static final ThreadLocal<Reply> REPLIES = ThreadLocal.withInitial(Reply::new);
    /** After the last reply (QUIT, protocol error): how long and how much the client's unread input is drained. */
    private static final long DRAIN_MILLIS = 2000;
    private static final long DRAIN_BYTES = 1 << 20;

    private final SocketChannel channel;
    private final Exchange exchange;
    private final EventLoop loop;
    private final Executor workers;
    private final Runnable onClose;
    private SelectionKey key;
    /** A batch is with a worker, or its replies are not all written yet. */
    private boolean busy;
    private ByteBuffer unwritten;
    /** After the last reply (QUIT, protocol error): once it is written, input is drained until the client closes. */
    private boolean ending;
    private long drainUntil;
    private long drained;
    private long lastActiveMillis = System.currentTimeMillis();
    private boolean closed;

    LoopConnection(SocketChannel channel, Exchange exchange, EventLoop loop, Executor workers, Runnable onClose) {
        this.channel = channel;
        this.exchange = exchange;
        this.loop = loop;
        this.workers = workers;
        this.onClose = onClose;
    }

    @Override
    public Session session() {
        return exchange.session();
    }

    void registered(SelectionKey selectionKey) {
        key = selectionKey;
    }

    /** The socket has bytes: decode them into a batch and hand it to a worker, or drain them when ending. */
    void readable(ByteBuffer buffer) throws IOException {
        buffer.clear();
        int n = channel.read(buffer);
        if (n < 0) {
            closeNow();
            return;
        }
        if (ending) {
            drained += n;
            if (drained > DRAIN_BYTES) {
                closeNow();
            }
            return;
        }
        lastActiveMillis = System.currentTimeMillis();
        Exchange.Batch batch = exchange.decode(buffer.array(), 0, n);
        if (!batch.answers()) {
            return;
        }
        busy = true;
        key.interestOps(0);
        try {
            workers.execute(() -> answer(batch));
        } catch (RejectedExecutionException e) {
            LOG.warning(() -> "no RESP worker for client " + session().id() + "; closing it");
            closeNow();
        }
    }

    /** On a worker: runs the batch, writes what the socket takes, and gives the connection back to its loop. */
    private void answer(Exchange.Batch batch) {
        Reply reply = REPLIES.get();
        try {
            boolean open = exchange.answer(batch, reply);
            ByteBuffer rest = reply.writeTo(channel);
            loop.execute(() -> answered(rest, open));
        } catch (IOException e) {
            LOG.log(Level.FINE, "RESP client " + session().id() + " went away", e);
            loop.execute(this::closeNow);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "RESP client " + session().id() + " failed; closing it", e);
            loop.execute(this::closeNow);
        } finally {
            reply.clear();
        }
    }

    private void answered(ByteBuffer rest, boolean open) {
        if (closed) {
            return;
        }
        ending = !open;
        unwritten = rest;
        if (rest == null) {
            written();
        } else {
            key.interestOps(SelectionKey.OP_WRITE);
        }
    }

    void writable() throws IOException {
        channel.write(unwritten);
        if (!unwritten.hasRemaining()) {
            unwritten = null;
            written();
        }
    }

    /**
     * The batch's replies are out: read the next one, or — after the last reply — shut the output (FIN after
     * the reply) and drain what the client still sends, because closing a socket with unread input sends a
     * reset that can destroy the reply.
     */
    private void written() {
        busy = false;
        lastActiveMillis = System.currentTimeMillis();
        if (ending) {
            try {
                channel.shutdownOutput();
            } catch (IOException e) {
                closeNow();
                return;
            }
            drainUntil = lastActiveMillis + DRAIN_MILLIS;
        }
        key.interestOps(SelectionKey.OP_READ);
    }

    /** Closes the connection if it idled past the timeout (0: never) or drained long enough. */
    void expire(long now, long idleTimeoutMillis) {
        boolean drainedEnough = ending && !busy && now >= drainUntil;
        boolean idle = idleTimeoutMillis > 0 && !busy && !ending && now - lastActiveMillis >= idleTimeoutMillis;
        if (drainedEnough || idle) {
            if (idle) {
                LOG.fine(() -> "closing idle RESP client " + session().id());
            }
            closeNow();
        }
    }

    @Override
    public void close() {
        loop.execute(this::closeNow);
    }

    void closeNow() {
        if (closed) {
            return;
        }
        closed = true;
        if (key != null) {
            key.cancel();
        }
        try {
            channel.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing RESP client " + session().id(), e);
        }
        onClose.run();
    }
}
