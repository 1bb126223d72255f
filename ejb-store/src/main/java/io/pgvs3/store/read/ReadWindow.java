package io.pgvs3.store.read;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.PiecePlan.FileSpan;
import io.pgvs3.store.read.PiecePlan.Piece;
import io.pgvs3.store.read.cache.ReadCache;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.sql.SQLException;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The ordered read window (docs/adr/0029): a span of more than one piece is fetched ahead by workers
 * of the read-window executor, each piece by one autocommit query into its own buffer, and written to
 * the client in piece order while later pieces are fetched. The files are pinned on the gateway's pin
 * guard first, so no worker holds a snapshot and a connection is held only while a query runs: a slow
 * client slows its own fetches (back-pressure), never the database or other clients.
 *
 * <p>How far a read fetches ahead: it starts at two pieces and widens by one each time the client
 * waited for a piece (the database is the bottleneck), up to its share of the workers (all of them
 * for one read, fewer as reads overlap). Fetched and unwritten bytes of all reads together stay within
 * a byte budget; a read with nothing in flight may always fetch its next piece, so every read moves.
 *
 * <p>With the read cache on (docs/adr/0030), pieces are cut on whole 32-row blocks; a piece whose
 * blocks are all cached is written from them without a query or a worker, and a span that is cached
 * whole takes no pin and no connection at all.
 *
 * <p>A read-only gateway takes no pins (docs/adr/0035): on a standby they would be the standby's own
 * advisory locks, which the primary's reaper never sees, so it reads such spans from one snapshot, which
 * replay keeps intact (with hot_standby_feedback on) or cancels cleanly, one piece after the other. On a
 * primary, a read pins cannot serve (too many files, a file being reaped, no pin guard) is windowed from
 * a snapshot a lead transaction exports and the workers import ({@link SharedSnapshot}).
 */
public final class ReadWindow {

    private static final Logger LOG = Logger.getLogger(ReadWindow.class.getName());

    /** The size of a whole cached block (32 rows), for sizing a {@link ReadCache}. */
    public static final int CACHE_BLOCK_BYTES = PieceCache.BLOCK_BYTES;
    /** Files a read may pin at once; a multipart span over more files reads from one snapshot. */
    static final int MAX_PINNED_FILES = 64;
    /** The first depth: one piece written while the next is fetched. */
    private static final int START_DEPTH = 2;
    /** Slabs kept for reuse at most (16 MiB, two large pieces), whatever the budget: they stay in the heap. */
    private static final long RETAINED_SLAB_BYTES = 16L << 20;

    private final ChunkReader chunks;
    private final ReadPins pins;
    private final BooleanSupplier readOnly;
    private final Executor workers;
    private final int workerCount;
    private final AtomicLong budget;
    private final AtomicInteger activeReads = new AtomicInteger();
    private final SlabPool slabs;
    private final PieceCache cache;
    private final PieceFetches shortPieces;

    /**
     * @param workers     runs piece fetches; its concurrency should be {@code workerCount}
     * @param workerCount fetches at once, over all reads (half the chunk pool by default)
     * @param budgetBytes fetched and unwritten bytes, over all reads
     * @param cache       the gateway's read cache (a budget of 0 when it is off)
     * @param pieceQueries queries of short pieces in flight at once, which others' short pieces wait for and
     *                    share ({@link PieceFetches}); 0: each alone
     * @param readOnly    whether the gateway reads a standby, where pins guard nothing (asked per read: the
     *                    layout check may only find out later)
     */
    public ReadWindow(DataSource chunk, ReadPins pins, Executor workers, int workerCount, long budgetBytes,
                      ReadCache cache, int pieceQueries, BooleanSupplier readOnly) {
        this.chunks = new ChunkReader(chunk);
        this.shortPieces = new PieceFetches(chunks, pieceQueries);
        this.pins = pins;
        this.readOnly = readOnly;
        this.workers = workers;
        this.workerCount = Math.max(1, workerCount);
        this.budget = new AtomicLong(budgetBytes);
        this.slabs = new SlabPool((int) (Math.min(budgetBytes, RETAINED_SLAB_BYTES) / SlabPool.SLAB));
        this.cache = new PieceCache(cache);
    }

    /** Short pieces waiting for the next query of others' (tests). */
    int queuedPieces() {
        return shortPieces.queued();
    }

    /** Budget bytes not taken by pieces in flight (all of it when no read runs). */
    long budgetLeft() {
        return budget.get();
    }

    /** Writes the spans' bytes to {@code out}, in order. */
    void read(Namespace ns, List<FileSpan> spans, OutputStream out) throws IOException, SQLException {
        List<Piece> pieces = PiecePlan.aligned(spans, cache.unitRows());
        if (pieces.size() == 1 || cache.holdsAll(ns, pieces)) {
            // one statement is consistent by itself and cached blocks need none: no pin, no worker (a
            // block evicted meanwhile costs its piece one such statement)
            for (Piece piece : pieces) {
                readPiece(ns, piece, out);
            }
            return;
        }
        ReadPins.Pin pin = pin(ns, spans);
        if (pin != null) {
            try (pin) {
                stream(ns, pieces, out, chunks::fetch);
            }
        } else if (readOnly.getAsBoolean()) {
            // between pieces a shared snapshot's lead would idle in its transaction, and replay terminates
            // such a session on a conflict (a running query it only cancels); StandbyIT's conflict test then
            // saw the next read fail, so a standby keeps the one-session snapshot read
            chunks.readInSnapshot(ns, spans, out);
        } else {
            try (SharedSnapshot snapshot = chunks.exportSnapshot(ns, spans)) {
                stream(ns, pieces, out, (n, piece, target) -> chunks.fetch(n, piece, target, snapshot));
            }
        }
    }

    /** How a read's workers fetch a piece: autocommit under its pins, or in its shared snapshot. */
    private interface PieceQuery {
        void fetch(Namespace ns, Piece piece, ChunkReader.PieceTarget target) throws IOException, SQLException;
    }

    /**
     * Pins the spans' files, or null where pins cannot serve: a read-only gateway, too many files, the
     * reaper deleting one right now, or no guard session (the database refused it; the pool's connections
     * may still work).
     */
    private ReadPins.Pin pin(Namespace ns, List<FileSpan> spans) {
        long[] files = spans.stream().mapToLong(FileSpan::fileId).distinct().toArray();
        if (readOnly.getAsBoolean() || files.length > MAX_PINNED_FILES) {
            return null;
        }
        try {
            return pins.tryPin(ns.id(), files);
        } catch (SQLException e) {
            // ReadPins logs an outage of its guard once; each read falling back is no news
            LOG.fine(() -> "no read-pin guard session, reading from a snapshot: " + e.getMessage());
            return null;
        }
    }

    /** One piece on the caller's thread: from the cache, or by one query that fills it. */
    void readPiece(Namespace ns, Piece piece, OutputStream out) throws IOException, SQLException {
        CachedPiece cached = cache.lookup(ns, piece);
        if (cached != null) {
            cached.writeTo(out);
            return;
        }
        byte[] bytes = shortPieces.fetch(ns, piece);
        cache.fill(ns, piece, (at, dst, off, len) -> System.arraycopy(bytes, at, dst, off, len));
        out.write(bytes);
    }

    private void stream(Namespace ns, List<Piece> pieces, OutputStream out, PieceQuery query)
            throws IOException, SQLException {
        activeReads.incrementAndGet();
        ArrayDeque<Fetch> ahead = new ArrayDeque<>();
        int next = 0;
        int depth = START_DEPTH;
        try {
            for (int k = 0; k < pieces.size(); k++) {
                next = fetchAhead(ns, pieces, next, depth, ahead, query);
                Fetch fetch = ahead.poll();
                if (!fetch.future.isDone()) {
                    depth = Math.min(depth + 1, workerCount);
                }
                PieceBytes bytes;
                try {
                    bytes = fetch.await();
                } catch (IOException | SQLException | RuntimeException e) {
                    budget.addAndGet(fetch.bytes);
                    throw e;
                }
                // the piece being written still counts against the budget, so refill before writing
                next = fetchAhead(ns, pieces, next, depth, ahead, query);
                try {
                    bytes.writeTo(out);
                } finally {
                    bytes.release();
                    budget.addAndGet(fetch.bytes);
                }
            }
        } finally {
            activeReads.decrementAndGet();
            for (Fetch abandoned : ahead) {
                abandoned.dropIfUnclaimed.run();
                abandoned.future.whenComplete((bytes, failure) -> {
                    if (bytes != null) {
                        bytes.release();
                    }
                    budget.addAndGet(abandoned.bytes);
                });
            }
        }
    }

    /** Starts fetches until the read has {@code depth} (within its share) in flight; returns the next piece. */
    private int fetchAhead(Namespace ns, List<Piece> pieces, int next, int depth, ArrayDeque<Fetch> ahead,
                           PieceQuery query) {
        int limit = Math.min(depth, Math.max(1, workerCount / Math.max(1, activeReads.get())));
        while (next < pieces.size() && ahead.size() < limit) {
            Piece piece = pieces.get(next);
            CachedPiece cached = cache.lookup(ns, piece);
            if (cached != null) {
                // already in memory: no worker, no budget
                ahead.add(new Fetch(0, CompletableFuture.completedFuture(cached), () -> { }, () -> { }));
                next++;
                continue;
            }
            if (!ahead.isEmpty() && !tryTake(piece.bytes())) {
                break;
            }
            if (ahead.isEmpty()) {
                budget.addAndGet(-piece.bytes()); // a read always moves, even over the budget
            }
            ahead.add(start(ns, piece, query));
            next++;
        }
        return next;
    }

    private boolean tryTake(int bytes) {
        long left = budget.get();
        while (left >= bytes) {
            if (budget.compareAndSet(left, left - bytes)) {
                return true;
            }
            left = budget.get();
        }
        return false;
    }

    /**
     * Hands the piece to a worker. Whoever claims it first fetches it: the worker, or this read when it
     * needs the piece before a worker started it ({@link Fetch#await}). So a read never waits for a
     * queued task: the executor's threads also run the downloads that wait for pieces, and a burst of
     * downloads could otherwise hold every thread while their pieces sit in the queue.
     */
    private Fetch start(Namespace ns, Piece piece, PieceQuery query) {
        AtomicBoolean claimed = new AtomicBoolean();
        CompletableFuture<PieceBytes> future = new CompletableFuture<>();
        Runnable fetchOnce = () -> {
            if (claimed.compareAndSet(false, true)) {
                try {
                    future.complete(fetch(ns, piece, query));
                } catch (IOException | SQLException | RuntimeException failure) {
                    future.completeExceptionally(failure);
                }
            }
        };
        try {
            workers.execute(fetchOnce);
        } catch (RejectedExecutionException e) {
            fetchOnce.run(); // the workers' queue is full: this read fetches the piece itself rather than fail
        }
        // an abandoned piece nobody started is never fetched: it completes empty
        Runnable dropIfUnclaimed = () -> {
            if (claimed.compareAndSet(false, true)) {
                future.complete(null);
            }
        };
        return new Fetch(piece.bytes(), future, fetchOnce, dropIfUnclaimed);
    }

    private PieceBuffer fetch(Namespace ns, Piece piece, PieceQuery query) throws IOException, SQLException {
        PieceBuffer buffer = new PieceBuffer(slabs, piece.bytes());
        try {
            query.fetch(ns, piece, buffer);
            cache.fill(ns, piece, buffer);
            return buffer;
        } catch (IOException | SQLException | RuntimeException e) {
            buffer.release();
            throw e;
        }
    }

    /**
     * A piece in flight and the budget bytes it holds.
     *
     * @param fetchHere       fetches the piece on the calling thread unless a worker claimed it already
     * @param dropIfUnclaimed for an abandoned read: a piece no worker started is never fetched
     */
    private record Fetch(int bytes, CompletableFuture<PieceBytes> future, Runnable fetchHere,
                         Runnable dropIfUnclaimed) {

        PieceBytes await() throws IOException, SQLException {
            fetchHere.run();
            try {
                return future.get();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new InterruptedIOException("interrupted while waiting for a piece");
            } catch (ExecutionException e) {
                Throwable cause = e.getCause();
                if (cause instanceof IOException io) {
                    throw io;
                }
                if (cause instanceof SQLException sql) {
                    throw sql;
                }
                if (cause instanceof RuntimeException r) {
                    throw r;
                }
                throw new IOException("a piece fetch failed", cause);
            }
        }
    }
}
