package io.pgvs3.store.read;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.ReadRetry;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javax.sql.DataSource;

/** HEAD/GET: metadata from the main pool on every request, bodies inline or from the chunk pool. */
public final class ObjectReader {

    private static final DataAccess.Work<String, Optional<CachedObject>, IOException> FIND_CACHED =
            (c, ns, key) -> ObjectRows.findCached(c, ns, key, false);
    private static final DataAccess.Work<String, Optional<CachedObject>, IOException> FIND_CACHED_WITH_BODY =
            (c, ns, key) -> ObjectRows.findCached(c, ns, key, true);

    private final DataSource main;
    private final DataAccess access;
    private final ObjectLookups lookups;
    private final ChunkReader chunks;
    /** Null for a reader that streams from one snapshot (copies, which read inside their own work). */
    private final ReadWindow window;

    /** A reader whose long spans stream through {@code window}, each of its lookups alone. */
    public ObjectReader(DataAccess access, ReadWindow window) {
        this(access, ObjectLookups.alone(access), window);
    }

    /** A reader whose long spans stream through {@code window} and whose lookups go through {@code lookups}. */
    public ObjectReader(DataAccess access, ObjectLookups lookups, ReadWindow window) {
        this(access, lookups, Pool.CHUNK, window);
    }

    /**
     * A reader whose long spans stream from one snapshot, one piece after the other, with chunk rows read
     * on {@code bytes} (a part copy holds a chunk-pool session already, so it reads its source on main).
     */
    public ObjectReader(DataAccess access, Pool bytes) {
        this(access, ObjectLookups.alone(access), bytes, null);
    }

    private ObjectReader(DataAccess access, ObjectLookups lookups, Pool bytes, ReadWindow window) {
        this.main = access.pool(Pool.MAIN);
        this.access = access;
        this.lookups = lookups;
        this.chunks = new ChunkReader(access.pool(bytes));
        this.window = window;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#head}. */
    public ObjectMeta head(String bucket, String key, boolean withInlineBody) {
        try {
            return lookups.find(bucket, key, withInlineBody).orElseThrow(
                    () -> new StoreException(StoreError.NO_SUCH_KEY, "no such key: " + key));
        } catch (IOException e) {
            throw corrupt(key, e);
        }
    }

    /** {@link #head} in an origin-backed bucket: the row, if any, with what its origin last said of it. */
    public Optional<CachedObject> findCached(String bucket, String key, boolean withInlineBody) {
        try {
            return access.read(Pool.MAIN, "HEAD", bucket, key, withInlineBody ? FIND_CACHED_WITH_BODY : FIND_CACHED);
        } catch (IOException e) {
            throw corrupt(key, e);
        }
    }

    /**
     * The row of {@code key} as the caller's transaction sees it: one it has just published, which work
     * before its commit must read (a conditional completion that the origin decides).
     */
    public static ObjectMeta inTransaction(Connection c, Namespace ns, String key) throws SQLException {
        try {
            return ObjectRows.find(c, ns, key, true).orElseThrow(
                    () -> new StoreException(StoreError.NO_SUCH_KEY, "no such key: " + key));
        } catch (IOException e) {
            throw corrupt(key, e);
        }
    }

    private static StoreException corrupt(String key, IOException e) {
        return new StoreException(StoreError.UNAVAILABLE, "stored inline body of " + key + " is corrupt", e);
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#readBody}. */
    public void readBody(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException {
        RangePlan plan = RangePlan.of(meta.size(), range);
        if (plan.isEmpty()) {
            return;
        }
        Namespace ns = access.namespaces().resolve(meta.bucket());
        try {
            if (meta.location().isInline()) {
                byte[] body = meta.location().inlineData() != null ? meta.location().inlineData() : fetchInline(ns, meta);
                if (body.length != meta.size()) {
                    throw new IOException("inline body of " + meta.key() + " has " + body.length + " bytes, expected "
                            + meta.size());
                }
                out.write(body, (int) plan.first(), (int) plan.length());
            } else if (window != null) {
                window.read(ns, fileSpans(meta.location(), plan), out);
            } else {
                chunks.readInSnapshot(ns, fileSpans(meta.location(), plan), out);
            }
        } catch (SQLException e) {
            // the store error as the cause: a failure before the first body byte is answered as it says (a
            // standby's recovery conflict, a timeout: 503), not as an unexpected 500
            throw new IOException("database failed while reading " + meta.bucket() + "/" + meta.key() + ": "
                    + e.getMessage(), access.failure("GET " + meta.key(), meta.bucket(), e));
        } catch (IOException e) {
            if (MissingRowsException.among(e)) {
                throw new IOException(e.getMessage(), changed(meta, e));
            }
            throw e;
        }
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#readSpan}. */
    public byte[] readSpan(ObjectMeta meta, ByteRange range) {
        RangePlan plan = RangePlan.of(meta.size(), range);
        if (plan.length() > ObjectStore.SMALL_SPAN_MAX) {
            throw new IllegalArgumentException("a span of " + plan.length() + " bytes is no small span");
        }
        Namespace ns = access.namespaces().resolve(meta.bucket());
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) plan.length());
        try {
            BodyLocation location = meta.location();
            if (location.isInline()) {
                out.write(location.inlineData() != null ? location.inlineData() : fetchInline(ns, meta),
                        (int) plan.first(), (int) plan.length());
            } else {
                // at most SMALL_SPAN_MAX bytes: one piece per file touched, through the window's cache
                for (PiecePlan.Piece piece : PiecePlan.of(fileSpans(location, plan), PiecePlan.MAX_PIECE)) {
                    if (window != null) {
                        window.readPiece(ns, piece, out);
                    } else {
                        out.write(chunks.fetch(ns, piece));
                    }
                }
            }
        } catch (SQLException e) {
            throw access.failure("GET " + meta.key(), meta.bucket(), e);
        } catch (IOException e) {
            throw MissingRowsException.among(e) ? changed(meta, e) : new StoreException(StoreError.UNAVAILABLE,
                    e.getMessage(), e);
        }
        return out.toByteArray();
    }

    /** The range as ranges of the body's files: one file, or the parts it touches in order. */
    private static List<PiecePlan.FileSpan> fileSpans(BodyLocation location, RangePlan plan) {
        if (!location.isMultipart()) {
            return List.of(new PiecePlan.FileSpan(location.fileId(), plan));
        }
        List<PiecePlan.FileSpan> spans = new ArrayList<>();
        for (PartSpans.Span span : PartSpans.of(location.partEnds(), plan.first(), plan.last())) {
            spans.add(new PiecePlan.FileSpan(location.parts()[span.part()],
                    new RangePlan(span.size(), span.first(), span.last())));
        }
        return spans;
    }

    private byte[] fetchInline(Namespace ns, ObjectMeta meta) throws SQLException, IOException {
        Optional<byte[]> body = ReadRetry.run(main, ns, meta, ObjectRows::inlineBody);
        return body.orElseThrow(() -> new MissingRowsException("the inline body of " + meta.bucket() + "/"
                + meta.key() + " is no longer stored"));
    }

    /**
     * Rows missing: the object was replaced and its body reaped since its row was read (a reaper without
     * grace, or a read held up longer than the grace); reading the key again reads what it holds now.
     */
    private static StoreException changed(ObjectMeta meta, IOException missing) {
        return new StoreException(StoreError.OBJECT_CHANGED, meta.bucket() + "/" + meta.key()
                + " changed after its metadata was read: " + missing.getMessage(), missing);
    }
}
