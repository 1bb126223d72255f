package io.pgvs3.resp.server;

import java.io.IOException;
import java.nio.channels.CancelledKeyException;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One selector and the thread that runs it: it reads and decodes for every connection it was given, writes
 * what workers could not, runs the tasks other threads hand it (a connection's batch answered, a new
 * connection, a close), and once a second closes clients idle past the timeout. One set of read buffers
 * serves all its connections.
 */
final class EventLoop implements Runnable {

    private static final Logger LOG = Logger.getLogger(EventLoop.class.getName());
    private static final long EXPIRY_MILLIS = 1000;
    private static final long EXPIRY_NANOS = TimeUnit.MILLISECONDS.toNanos(EXPIRY_MILLIS);

    private final Selector selector;
    private final Queue<Runnable> tasks = new ConcurrentLinkedQueue<>();
    private final ReadBuffers buffers = new ReadBuffers();
    private final long idleTimeoutNanos;
    private final long writeTimeoutMillis;
    private volatile boolean stopped;

    /**
     * @param idleTimeoutMillis  a client silent this long is closed (0: never)
     * @param writeTimeoutMillis a client that reads nothing of a long pipeline's replies, or of its last reply, this long is closed
     */
    EventLoop(long idleTimeoutMillis, long writeTimeoutMillis) throws IOException {
        this.selector = Selector.open();
        this.idleTimeoutNanos = TimeUnit.MILLISECONDS.toNanos(idleTimeoutMillis);
        this.writeTimeoutMillis = writeTimeoutMillis;
    }

    long writeTimeoutMillis() {
        return writeTimeoutMillis;
    }

    /** Runs {@code task} on this loop's thread soon; dropped once the loop stopped. */
    void execute(Runnable task) {
        tasks.add(task);
        selector.wakeup();
    }

    /** Serves {@code channel} (already non-blocking) from now on. */
    void adopt(SocketChannel channel, LoopConnection connection) {
        execute(() -> {
            try {
                connection.registered(channel.register(selector, SelectionKey.OP_READ, connection));
            } catch (IOException e) {
                connection.closeNow(CloseReason.NETWORK_ERROR);
            }
        });
    }

    @Override
    public void run() {
        long nextExpiry = System.nanoTime() + EXPIRY_NANOS;
        try {
            while (!stopped) {
                selector.select(EXPIRY_MILLIS);
                runTasks();
                Iterator<SelectionKey> selected = selector.selectedKeys().iterator();
                while (selected.hasNext()) {
                    SelectionKey key = selected.next();
                    selected.remove();
                    serve(key);
                }
                long now = System.nanoTime();
                if (now - nextExpiry >= 0) {
                    expire(now);
                    nextExpiry = now + EXPIRY_NANOS;
                }
            }
        } catch (IOException | RuntimeException e) {
            LOG.log(Level.SEVERE, "RESP event loop failed; closing its clients", e);
        } finally {
            closeAll();
        }
    }

    private void serve(SelectionKey key) {
        LoopConnection connection = (LoopConnection) key.attachment();
        try {
            if (key.isReadable()) {
                connection.readable(buffers);
            } else if (key.isWritable()) {
                connection.writable();
            }
        } catch (IOException | CancelledKeyException e) {
            LOG.log(Level.FINE, "RESP client " + connection.session().id() + " went away", e);
            connection.closeNow(CloseReason.NETWORK_ERROR);
        } catch (RuntimeException e) {
            LOG.log(Level.WARNING, "RESP client " + connection.session().id() + " failed; closing it", e);
            connection.closeNow(CloseReason.SERVER_ERROR);
        }
    }

    private void runTasks() {
        Runnable task;
        while ((task = tasks.poll()) != null) {
            task.run();
        }
    }

    /** @param now System.nanoTime(): a wall clock set forward must not end clients early */
    private void expire(long now) {
        for (SelectionKey key : new ArrayList<>(selector.keys())) {
            if (key.isValid()) {
                ((LoopConnection) key.attachment()).expire(now, idleTimeoutNanos);
            }
        }
    }

    private void closeAll() {
        try {
            runTasks(); // connections handed over but not registered yet
            for (SelectionKey key : new ArrayList<>(selector.keys())) {
                ((LoopConnection) key.attachment()).closeNow(CloseReason.SHUTDOWN);
            }
            selector.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing a RESP selector", e);
        }
    }

    /** Ends the loop; it closes its connections on its way out. */
    void stop() {
        stopped = true;
        selector.wakeup();
    }
}
