package io.pgvs3.resp.server;

import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.protocol.Reply;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One client on an {@link EventLoop}, plaintext or TLS (its {@link Wire}). The loop reads and decodes; a batch of whole commands goes
 * to a worker, which answers it, writes what the socket takes at once and, when the loop has decoded the
 * next batch meanwhile, answers that one too. The socket stays registered for reading while a worker
 * runs, so a client that waits for its reply costs its loop no wake-up; one batch at most waits, and the
 * loop stops reading while it does, or while a reply is only partly written (the backpressure: a client
 * that sends faster than it reads waits on its own socket buffers). A long pipeline's replies are spilled to
 * the socket by the worker before its batch ends, once they pass a megabyte ({@link Reply#spillIfLarge}),
 * the worker waiting while the socket is full. Idle, a connection holds its session
 * and decoder (and its TLS engine), no buffer and no thread. A client past {@code maxclients} is given its
 * refusal once its wire is ready (after the TLS handshake), then ended. Methods run on the loop's thread unless
 * they say otherwise.
 */
final class LoopConnection {

    private static final Logger LOG = Logger.getLogger(LoopConnection.class.getName());
    /** A worker's reply buffer, reused for every batch it answers. */
    private static final ThreadLocal<Reply> REPLIES = ThreadLocal.withInitial(Reply::new);

    private static final ByteBuffer NOTHING = ByteBuffer.allocate(0);
    /** A client silent this long gives back the store session it kept between its commands (docs/adr/0054). */
    private static final long HELD_IDLE_NANOS = TimeUnit.SECONDS.toNanos(1);
    /**
     * A refused client (not counted against {@code maxclients}) is closed without a word if its TLS handshake is
     * not done this long after it was accepted, or clients that never handshake could pile up past the limit.
     */
    private static final long REFUSED_HANDSHAKE_NANOS = TimeUnit.SECONDS.toNanos(10);

    private final SocketChannel channel;
    private final Wire wire;
    private final Exchange exchange;
    private final EventLoop loop;
    private final Executor workers;
    private final Consumer<CloseReason> onClose;
    /** The error a client past maxclients gets instead of answers; null for the others. */
    private final byte[] refusal;
    private SelectionKey key;
    /** The wire was ready and the client refused or let in. */
    private boolean greeted;
    /** Guarded by this: a worker answers this connection's batches (or the loop writes its rest). */
    private boolean running;
    /** Guarded by this: the batch decoded while a worker ran, which answers it next. */
    private Exchange.Batch held;
    /** Guarded by this: the loop reads and decodes this client's bytes right now. */
    private boolean loopReads;
    /** Guarded by this: the worker that answered waits for the next request and reads it itself (ADR 54). */
    private boolean lingering;
    /** Plaintext clients that keep a store session linger; null: never. */
    private final Lingering lingerings;
    private ByteBuffer unwritten;
    /** Where a worker's reply buffer spills a long pipeline's replies while it answers this connection. */
    private final Reply.Spill spill = this::writeAll;
    /** After the last reply (QUIT, protocol error, a refusal): once it is written, input is drained. */
    private boolean ending;
    /**
     * The last reply is written and the output shut: input is drained until {@link #drainUntilNanos}. Until
     * then an ending connection is never expired, or the loop's expiry, running between the last reply's
     * decision and its write, would close it unsaid (a refused TLS client read only the end, in a CI run).
     */
    private boolean draining;
    /** When the connection began ending: a last reply its client does not read for the write timeout is given up. */
    private long endingNanos;
    private long drainUntilNanos;
    /** Why the connection ends, once it is ending. */
    private CloseReason endReason;
    private long drained;
    /** System.nanoTime(), as every instant here: a wall clock set forward must not end clients early. */
    private final long acceptedNanos = System.nanoTime();
    /** Written by the loop, and by a lingering worker. */
    private volatile long lastActiveNanos = acceptedNanos;
    private boolean closed;

    /** @param lingerings how workers linger on a client they answered (ADR 54); null: they never do */
    LoopConnection(SocketChannel channel, Wire wire, Exchange exchange, EventLoop loop, Executor workers,
                   Lingering lingerings, Consumer<CloseReason> onClose, byte[] refusal) {
        this.channel = channel;
        this.lingerings = lingerings;
        this.wire = wire;
        this.exchange = exchange;
        this.loop = loop;
        this.workers = workers;
        this.onClose = onClose;
        this.refusal = refusal;
    }

    Session session() {
        return exchange.session();
    }

    void registered(SelectionKey selectionKey) {
        key = selectionKey;
        greet();
    }

    /** The socket has bytes: decode what they say into a batch for a worker, or drain them when ending. */
    void readable(ReadBuffers buffers) throws IOException {
        if (ending) {
            drain(buffers.plain());
            return;
        }
        synchronized (this) {
            if (lingering) { // the worker reads it; the loop stops being woken for it at its next select
                key.interestOps(0);
                return;
            }
            loopReads = true;
        }
        try {
            decodeAndSubmit(buffers);
        } finally {
            synchronized (this) {
                loopReads = false;
            }
        }
    }

    private void decodeAndSubmit(ReadBuffers buffers) throws IOException {
        ByteBuffer plain = wire.read(buffers);
        if (plain == null) {
            closeNow(CloseReason.CLIENT_CLOSED);
            return;
        }
        lastActiveNanos = System.nanoTime();
        if (!greeted) {
            if (wire.holdsOutput()) { // a handshake message the socket did not take
                unwritten = NOTHING;
                key.interestOps(SelectionKey.OP_WRITE);
                return;
            }
            if (!greet()) {
                return;
            }
        }
        if (!plain.hasRemaining()) {
            return;
        }
        Exchange.Batch batch = exchange.decode(plain.array(), plain.position(), plain.remaining());
        if (!batch.answers()) {
            return;
        }
        boolean start;
        synchronized (this) {
            start = !running;
            running = true;
            if (!start) {
                held = batch;
            }
        }
        if (start) {
            submit(batch);
        } else {
            key.interestOps(0); // read again once the worker took the held batch
        }
    }

    /** Once the wire is ready: the refused client gets its error and the end; true when commands may be answered. */
    private boolean greet() {
        if (greeted || !wire.ready()) {
            return greeted;
        }
        greeted = true;
        if (refusal != null) {
            answered(ByteBuffer.wrap(refusal), false);
            return false;
        }
        return true;
    }

    private void drain(ByteBuffer buffer) throws IOException {
        int n = channel.read(buffer.clear());
        drained += Math.max(n, 0);
        if (n < 0 || drained > Exchange.DRAIN_BYTES) {
            closeNow(endReason);
        }
    }

    private void submit(Exchange.Batch batch) {
        try {
            workers.execute(() -> answer(batch));
        } catch (RejectedExecutionException e) {
            LOG.warning(() -> "no RESP worker for client " + session().id() + "; closing it");
            closeNow(CloseReason.SERVER_ERROR);
        }
    }

    /**
     * On a worker: answers the batch, writes what the socket takes, and goes on with a held batch; the loop
     * gets the connection back only for what it must do (write the rest, end, read again).
     */
    private void answer(Exchange.Batch first) {
        Reply reply = REPLIES.get();
        CloseReason failure = CloseReason.SERVER_ERROR; // an Error, unless a catch below knows better
        boolean handedBack = false;
        // Whether this worker lingered on the client (its own selector holds the client while it does). Not a
        // field: a worker that handed the client back may end after the next worker began to linger on it, and
        // must neither end that worker's registration nor make it forget that the loop stopped reading.
        boolean lingeredHere = false;
        reply.spillTo(spill);
        try {
            for (Exchange.Batch batch = first; batch != null; ) {
                boolean open = exchange.answer(batch, reply);
                ByteBuffer rest = write(reply);
                if (rest != null || !open) {
                    batch = null;
                    loop.execute(() -> answered(rest, open));
                } else {
                    batch = next(mayLinger(batch));
                    // after a linger the loop reads this client only once told to
                    if (batch != null || lingeredHere && !isLingering()) {
                        loop.execute(this::readAgain);
                    }
                    if (batch == null && isLingering()) {
                        lingeredHere = true;
                        batch = linger();
                    }
                }
            }
            handedBack = true;
        } catch (IOException e) {
            LOG.log(Level.FINE, "RESP client " + session().id() + " went away", e);
            failure = failed(e);
        } catch (UncheckedIOException e) { // while a long pipeline's replies were spilled
            LOG.log(Level.FINE, "RESP client " + session().id() + " went away", e.getCause());
            failure = failed(e.getCause());
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "RESP client " + session().id() + " failed; closing it", e);
        } finally {
            try {
                if (lingeredHere) {
                    stopLingering();
                }
            } catch (IOException e) {
                LOG.log(Level.FINE, "RESP worker's selector", e);
            }
            reply.spillTo(null);
            reply.clear();
            if (!handedBack) { // failed, an Error included: nobody would ever answer this client again
                CloseReason reason = failure;
                loop.execute(() -> closeNow(reason));
            }
        }
    }

    private static CloseReason failed(IOException e) {
        return e instanceof WriteTimeout ? CloseReason.WRITE_TIMEOUT : CloseReason.NETWORK_ERROR;
    }

    /**
     * Writes what the socket takes now and empties the reply for the next batch; returns a copy of the rest,
     * or null when the socket took everything.
     */
    private ByteBuffer write(Reply reply) throws IOException {
        try {
            ByteBuffer out = reply.contents();
            return wire.write(out) ? null : ByteBuffer.allocate(out.remaining()).put(out).flip();
        } finally {
            reply.clear();
        }
    }

    /** On a worker, before its batch ends: all of {@code replies} out, waiting while the client's socket is full. */
    private void writeAll(ByteBuffer replies) throws IOException {
        WaitingWrites.writeAll(channel, wire, replies, loop.writeTimeoutMillis());
    }

    /**
     * The held batch, taken; or null, and then either this worker lingers on the client ({@code mayLinger}, and
     * the loop is not reading it right now) or no worker runs for this connection any more.
     */
    private synchronized Exchange.Batch next(boolean mayLinger) {
        Exchange.Batch batch = held;
        held = null;
        lingering = batch == null && mayLinger && !loopReads;
        running = batch != null || lingering;
        return batch;
    }

    private synchronized boolean isLingering() {
        return lingering;
    }

    /**
     * A client that sent one command and waits for its reply before the next, if it is plaintext and keeps a
     * store session (the lone ones, ADR 54), is worth waiting for. A pipelining client is not: its next
     * batch comes once it has read a whole batch of replies, often later than the wait, and a worker that
     * waited in vain costs a hand-back (GET at pipeline 16 with 64 clients fell to half its rate).
     */
    private boolean mayLinger(Exchange.Batch answered) {
        return lingerings != null && answered.commands().size() == 1 && session().keepsStoreSession();
    }

    /**
     * On the worker, lingering: waits on its own selector for the client's next request, the loop no longer
     * reading it, and returns the batch it decoded; or, once the client was silent for the linger time or went
     * away, hands it back to the loop and returns null.
     */
    private Exchange.Batch linger() throws IOException {
        try {
            key.interestOps(0);
        } catch (CancelledKeyException e) { // the loop closed the client meanwhile
            handBack();
            return null;
        }
        Selector selector = lingerings.selector();
        if (channel.keyFor(selector) == null) { // the worker's own registration: kept while it lingers on
            channel.register(selector, SelectionKey.OP_READ);
        }
        long deadline = System.nanoTime() + lingerings.nanos();
        while (true) {
            Lingering.await(selector, deadline);
            ByteBuffer plain = wire.read(lingerings.buffers());
            if (plain == null) {
                handBack();
                loop.execute(() -> closeNow(CloseReason.CLIENT_CLOSED));
                return null;
            }
            if (plain.hasRemaining()) {
                lastActiveNanos = System.nanoTime();
                Exchange.Batch batch = exchange.decode(plain.array(), plain.position(), plain.remaining());
                if (batch.answers()) {
                    synchronized (this) {
                        lingering = false;
                    }
                    return batch;
                }
            }
            if (System.nanoTime() - deadline >= 0) { // the rest of a command, if any, is the loop's to read
                handBack();
                loop.execute(this::readAgain);
                return null;
            }
        }
    }

    /** The lingering worker gives the client back to the loop. */
    private void handBack() throws IOException {
        stopLingering();
        synchronized (this) {
            lingering = false;
            running = false;
        }
    }

    /**
     * The worker's own registration for this client ends, deregistered at once: a channel registered with a
     * selector is not really closed (no FIN) until every key of it is deregistered.
     */
    private void stopLingering() throws IOException {
        Selector selector = lingerings.selector();
        SelectionKey mine = channel.keyFor(selector);
        if (mine != null) {
            mine.cancel();
            selector.selectNow();
        }
    }

    private void readAgain() {
        if (!closed) {
            key.interestOps(SelectionKey.OP_READ);
        }
    }

    private void answered(ByteBuffer rest, boolean open) {
        if (closed) {
            return;
        }
        ending = !open;
        if (ending) {
            endingNanos = System.nanoTime();
            endReason = refusal != null ? CloseReason.MAX_CLIENTS
                    : session().closing() ? CloseReason.QUIT : CloseReason.PROTOCOL_ERROR;
        }
        unwritten = rest;
        if (rest == null) {
            written();
        } else {
            key.interestOps(SelectionKey.OP_WRITE);
        }
    }

    void writable() throws IOException {
        if (wire.write(unwritten)) {
            unwritten = null;
            written();
            greet(); // a handshake whose last message waited for the socket
        }
    }

    /**
     * A batch's replies are all out: hand the held batch to a worker and read on, or — after the last reply —
     * shut the output (FIN after the reply) and drain what the client still sends, because closing a socket
     * with unread input sends a reset that can destroy the reply.
     */
    private void written() {
        lastActiveNanos = System.nanoTime();
        if (ending) {
            synchronized (this) {
                held = null;
                running = false;
            }
            try {
                wire.shutdownOutput();
            } catch (IOException e) {
                closeNow(CloseReason.NETWORK_ERROR);
                return;
            }
            draining = true;
            drainUntilNanos = lastActiveNanos + Exchange.DRAIN_NANOS;
        } else {
            Exchange.Batch batch = next(false);
            if (batch != null) {
                submit(batch);
            }
        }
        key.interestOps(SelectionKey.OP_READ);
    }

    /**
     * Closes the connection if it idled past the timeout (0: never), drained long enough after its last reply
     * or left that reply unread for the write timeout, or if it is a refused client whose TLS handshake is not
     * done in time.
     *
     * @param now System.nanoTime()
     */
    void expire(long now, long idleTimeoutNanos) {
        boolean busy;
        synchronized (this) {
            busy = running;
        }
        if (!busy && now - lastActiveNanos >= HELD_IDLE_NANOS) {
            exchange.letGo(false);
        }
        boolean drainedEnough = draining && !busy && now - drainUntilNanos >= 0;
        boolean lastReplyUnread = ending && !draining
                && now - endingNanos >= TimeUnit.MILLISECONDS.toNanos(loop.writeTimeoutMillis());
        boolean idle = idleTimeoutNanos > 0 && !busy && !ending && now - lastActiveNanos >= idleTimeoutNanos;
        boolean refusedUnready = refusal != null && !greeted && now - acceptedNanos >= REFUSED_HANDSHAKE_NANOS;
        if (drainedEnough) {
            closeNow(endReason);
        } else if (lastReplyUnread) {
            closeNow(CloseReason.WRITE_TIMEOUT);
        } else if (idle) {
            LOG.fine(() -> "closing idle RESP client " + session().id());
            closeNow(CloseReason.IDLE_TIMEOUT);
        } else if (refusedUnready) {
            closeNow(CloseReason.MAX_CLIENTS);
        }
    }

    /** Closes the connection soon, from any thread: the listener stops. */
    void close() {
        loop.execute(() -> closeNow(CloseReason.SHUTDOWN));
    }

    void closeNow(CloseReason reason) {
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
        exchange.letGo(true);
        onClose.accept(reason);
    }
}
