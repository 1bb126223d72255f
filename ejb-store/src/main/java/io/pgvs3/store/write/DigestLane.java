package io.pgvs3.store.write;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayDeque;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The MD5 (the ETag) and SHA-256 (stored integrity digest) of a body, computed on a worker thread while
 * the request thread reads the body and frames it into the COPY. Neither digest can go faster than its
 * one chain of blocks (MD5 1.3, SHA-256 0.87 ns/B here); on the request thread they were the larger part
 * of a PUT's work, in series with everything else (docs/adr/0041).
 *
 * <p>Buffers circulate: the caller takes a free one ({@link #buffer()}), fills it and hands it over
 * ({@link #digest}); from then on it may still read that buffer (to hash and frame it) but never writes
 * it again, and asks for a new one for the next read. A buffer is free again once both digests consumed
 * it.
 * One thread digests at a time, in hand-over order: a worker of the executor, or the caller itself when
 * it needs a buffer back and no worker is at it (an executor that is saturated or refuses costs time,
 * never progress). Bytes the caller keeps ({@link #digestNow}) are digested on its own thread after
 * everything handed over before them.
 */
final class DigestLane implements AutoCloseable {

    /** One being filled, one being digested, one waiting: the caller rarely waits for a buffer. */
    static final int BUFFERS = 3;
    /** How long a worker with nothing to digest waits for the next buffer before it leaves. */
    private static final long LINGER_NANOS = TimeUnit.MILLISECONDS.toNanos(20);

    private enum State { IDLE, SCHEDULED, DIGESTING }

    private record Chunk(byte[] buffer, int length) {
    }

    private final MessageDigest md5;
    private final MessageDigest sha256;
    private final Executor workers;
    private final int bufferSize;
    private final ReentrantLock lock = new ReentrantLock();
    private final Condition changed = lock.newCondition();
    private final ArrayDeque<Chunk> queued = new ArrayDeque<>();
    private final ArrayDeque<byte[]> free = new ArrayDeque<>();
    private int allocated;
    private State state = State.IDLE;
    /** The caller wants the lane to itself: a lingering worker leaves at once. */
    private boolean callerWaiting;
    private boolean closed;

    /**
     * @param workers    runs the digesting; null digests everything on the caller's thread
     * @param bufferSize the size of the buffers {@link #buffer()} hands out
     */
    DigestLane(Executor workers, int bufferSize) {
        try {
            this.md5 = MessageDigest.getInstance("MD5");
            this.sha256 = MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks MD5 or SHA-256", e);
        }
        this.workers = workers;
        this.bufferSize = bufferSize;
    }

    /** A lane without a worker: for bodies digested where they are (inline objects, copies). */
    static DigestLane onCallerThread() {
        return new DigestLane(null, 0);
    }

    /** A free buffer to fill; digests what was handed over itself when no worker does it. */
    byte[] buffer() {
        lock.lock();
        try {
            while (true) {
                byte[] buffer = free.poll();
                if (buffer != null) {
                    return buffer;
                }
                if (allocated < BUFFERS) {
                    allocated++;
                    return new byte[bufferSize];
                }
                if (state == State.DIGESTING) {
                    changed.awaitUninterruptibly(); // a worker frees one soon
                } else {
                    digestQueuedHere(); // no worker started: nobody else would free one
                }
            }
        } finally {
            lock.unlock();
        }
    }

    /** Hands over the first {@code length} bytes of a buffer from {@link #buffer()}; returns at once. */
    void digest(byte[] buffer, int length) {
        lock.lock();
        try {
            queued.add(new Chunk(buffer, length));
            if (workers == null) {
                digestQueuedHere();
            } else if (state == State.IDLE) {
                state = State.SCHEDULED;
                schedule();
            } else {
                changed.signalAll(); // a lingering worker takes it
            }
        } finally {
            lock.unlock();
        }
    }

    /** Digests bytes the caller keeps, on its thread, after everything handed over before them. */
    void digestNow(byte[] b, int off, int len) {
        lock.lock();
        try {
            claim();
            try {
                drain(false);
                update(b, off, len);
            } finally {
                release();
            }
        } finally {
            lock.unlock();
        }
    }

    /** The digests of everything handed over and kept, in order: {MD5, SHA-256}; call once. */
    byte[][] finish() {
        lock.lock();
        try {
            claim();
            try {
                drain(false);
                return new byte[][] {md5.digest(), sha256.digest()};
            } finally {
                release();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Abandons the body: a worker stops after the buffer it is digesting. */
    @Override
    public void close() {
        lock.lock();
        try {
            closed = true;
            queued.clear();
            changed.signalAll();
        } finally {
            lock.unlock();
        }
    }

    private void schedule() {
        try {
            workers.execute(this::work);
        } catch (RejectedExecutionException | IllegalStateException e) {
            // saturated, or shutting down: the caller digests the queue itself when it needs a buffer or
            // the result
            state = State.IDLE;
        }
    }

    /** A worker's turn; a task that finds the lane taken (the caller claimed it meanwhile) does nothing. */
    private void work() {
        lock.lock();
        try {
            if (state != State.SCHEDULED || closed) {
                return;
            }
            state = State.DIGESTING;
            try {
                drain(true);
            } finally {
                state = State.IDLE;
                changed.signalAll();
            }
        } finally {
            lock.unlock();
        }
    }

    /** With the lock held: waits while a worker digests, then takes the lane (a queued task will find it taken). */
    private void claim() {
        callerWaiting = true;
        changed.signalAll();
        try {
            while (state == State.DIGESTING) {
                changed.awaitUninterruptibly();
            }
        } finally {
            callerWaiting = false;
        }
        state = State.DIGESTING;
    }

    private void release() {
        state = State.IDLE;
        changed.signalAll();
    }

    /** With the lock held and no worker at it: digests the queue on this thread. */
    private void digestQueuedHere() {
        claim();
        try {
            drain(false);
        } finally {
            release();
        }
    }

    /**
     * With the lock held and the lane taken: digests queued chunks in order, unlocking around each
     * update. A worker ({@code linger}) waits a little for the next chunk before it leaves.
     */
    private void drain(boolean linger) {
        while (!closed) {
            Chunk chunk = queued.poll();
            if (chunk == null && linger) {
                long left = LINGER_NANOS;
                while (queued.isEmpty() && !callerWaiting && !closed && left > 0) {
                    try {
                        left = changed.awaitNanos(left);
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                }
                chunk = queued.poll();
            }
            if (chunk == null) {
                return;
            }
            lock.unlock();
            try {
                update(chunk.buffer(), 0, chunk.length());
            } finally {
                lock.lock();
            }
            free.add(chunk.buffer());
            changed.signalAll();
        }
    }

    private void update(byte[] b, int off, int len) {
        md5.update(b, off, len);
        sha256.update(b, off, len);
    }
}
