package io.pgvs3.store.read;

import io.pgvs3.store.api.Coalescer;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.PiecePlan.Piece;
import java.io.IOException;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/**
 * Short pieces (a range GET's few rows of a chunked file) fetched for many requests in one query of the chunk pool
 * (docs/adr/0075), as {@link ObjectLookups} finds object rows: at most {@code maxInFlight} queries at once; short
 * pieces asked for meanwhile wait, and the next free leader fetches those of one bucket in one query of at most
 * {@value #MAX_PIECES} pieces and {@value #MAX_QUERY_BYTES} bytes. A short piece costs PostgreSQL mostly its round
 * trip. Each query starts after every member asked, and a piece's rows are read by one statement, so each piece is
 * as consistent as alone. A piece that finds nobody waiting, and every longer piece, is fetched alone as before.
 */
final class PieceFetches {

    /** Pieces one query fetches at most. */
    static final int MAX_PIECES = 32;
    /** Bytes one query fetches at most: the driver holds a query's whole result. */
    static final int MAX_QUERY_BYTES = 1 << 20;
    /** Longer pieces are fetched alone: a member waits for its whole group, and a long piece is no round trip. */
    static final int MAX_SHARED_PIECE = 64 << 10;

    /** One request's piece and, once done, its bytes or its failure. */
    private static final class Fetch extends Coalescer.Call {
        final Namespace ns;
        final Piece piece;
        byte[] bytes;
        IOException missing;
        SQLException failed;

        Fetch(Namespace ns, Piece piece) {
            this.ns = ns;
            this.piece = piece;
        }
    }

    private final ChunkReader chunks;
    /** Null when every piece is fetched alone. */
    private final Coalescer<Fetch> group;

    /**
     * @param maxInFlight queries of short pieces at once, 0 for no coalescing; one running longer than a lookup's
     *                    {@link ObjectLookups#STALL_AFTER} lets the pieces behind it start another
     */
    PieceFetches(ChunkReader chunks, int maxInFlight) {
        this.chunks = chunks;
        this.group = maxInFlight > 0
                ? new Coalescer<>(maxInFlight, ObjectLookups.STALL_AFTER, this::fetchGroup, "a piece of a body")
                : null;
    }

    /** The piece's bytes, fetched alone or with others' pieces. */
    byte[] fetch(Namespace ns, Piece piece) throws IOException, SQLException {
        if (group == null || piece.bytes() > MAX_SHARED_PIECE) {
            return chunks.fetch(ns, piece);
        }
        Fetch mine = new Fetch(ns, piece);
        group.submit(mine);
        if (mine.failed != null) {
            throw mine.failed;
        }
        if (mine.missing != null) {
            throw mine.missing;
        }
        return mine.bytes;
    }

    /** Pieces waiting for the next leader (tests). */
    int queued() {
        return group == null ? 0 : group.queued();
    }

    /** Runs on the leader's thread: one query per bucket and batch; a batch of one as it would run alone. */
    private void fetchGroup(List<Fetch> members) {
        Coalescer.by(members, f -> f.ns).forEach((ns, fetches) -> {
            List<Fetch> batch = new ArrayList<>();
            long batchBytes = 0;
            for (Fetch f : fetches) {
                boolean full = batch.size() == MAX_PIECES || batchBytes + f.piece.bytes() > MAX_QUERY_BYTES;
                if (!batch.isEmpty() && full) {
                    together(ns, batch);
                    batch = new ArrayList<>();
                    batchBytes = 0;
                }
                batch.add(f);
                batchBytes += f.piece.bytes();
            }
            together(ns, batch);
        });
    }

    private void alone(Fetch f) {
        try {
            f.bytes = chunks.fetch(f.ns, f.piece);
        } catch (IOException e) {
            f.missing = e;
        } catch (SQLException e) {
            f.failed = e;
        } catch (RuntimeException e) {
            f.fail(unavailable(e));
        }
    }

    private void together(Namespace ns, List<Fetch> batch) {
        if (batch.size() == 1) {
            alone(batch.get(0));
            return;
        }
        try {
            ChunkReader.Fetched[] fetched = chunks.fetchAll(ns, batch.stream().map(f -> f.piece).toList());
            for (int i = 0; i < fetched.length; i++) {
                batch.get(i).bytes = fetched[i].bytes();
                batch.get(i).missing = fetched[i].failure();
            }
        } catch (SQLException e) {
            batch.forEach(f -> f.failed = e);
        } catch (RuntimeException e) {
            StoreException failure = unavailable(e);
            batch.forEach(f -> f.fail(failure));
        }
    }

    private static StoreException unavailable(RuntimeException e) {
        return e instanceof StoreException known ? known
                : new StoreException(StoreError.UNAVAILABLE, "a piece of a body failed: " + e, e);
    }
}
