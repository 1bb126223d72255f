package io.pgvs3.store.write;

import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.sql.SqlErrors;
import io.pgvs3.store.sql.Transactions;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * PUT: bodies up to 64 KiB go inline through the main pool in one short transaction; larger ones
 * stream through one binary COPY on a chunk-pool connection and are published in that same
 * transaction. Nothing is visible until commit; any failure rolls everything back.
 */
public final class ObjectWriter {

    private static final Logger LOG = Logger.getLogger(ObjectWriter.class.getName());

    private final DataSource main;
    private final DataSource chunk;
    private final NamespaceCache namespaces;
    private final CopyWatchdog watchdog;
    private final int copyBatch;

    public ObjectWriter(DataSource main, DataSource chunk, NamespaceCache namespaces, CopyWatchdog watchdog) {
        this(main, chunk, namespaces, watchdog, CopyFramer.DEFAULT_BATCH);
    }

    ObjectWriter(DataSource main, DataSource chunk, NamespaceCache namespaces, CopyWatchdog watchdog, int copyBatch) {
        this.main = main;
        this.chunk = chunk;
        this.namespaces = namespaces;
        this.watchdog = watchdog;
        this.copyBatch = copyBatch;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#put}. */
    public PutResult put(PutSpec spec, InputStream body) {
        WriteRequest request = WriteRequest.of(spec);
        long declared = spec.declaredLength();
        if (declared > ChunkFormat.MAX_FILE_BYTES) {
            throw FileSink.tooLarge();
        }
        byte[] head = null;
        int headLength = 0;
        if (declared <= ChunkFormat.INLINE_MAX) {
            head = new byte[ChunkFormat.INLINE_MAX + 1];
            headLength = FileSink.readUpTo(body, head);
            if (declared >= 0 && headLength > declared) {
                throw incomplete("the body runs past its declared length " + declared, null);
            }
            if (headLength <= ChunkFormat.INLINE_MAX) {
                return putInline(request, spec, head, headLength);
            }
        }
        return putChunked(request, spec, head, headLength, body);
    }

    private PutResult putInline(WriteRequest request, PutSpec spec, byte[] body, int length) {
        BodyDigests digests = new BodyDigests();
        digests.update(body, 0, length);
        BodyDigests.Result result = request.verify(digests.finish());
        byte[] compressed;
        try (BlockCodec codec = BlockCodec.pooled()) {
            compressed = codec.compressWhole(body, length);
        }
        byte[] stored = compressed != null ? compressed : java.util.Arrays.copyOf(body, length);
        NewObject object = request.object(result, stored, compressed != null, null);
        for (int attempt = 0; ; attempt++) {
            try {
                Instant modified = publishInline(namespaces.resolve(spec.bucket()), object, spec);
                return new PutResult(result.etag(), result.size(), modified, request.checksum(), true);
            } catch (SQLException e) {
                if (attempt == 0 && SqlErrors.isMissingNamespace(e)) {
                    namespaces.evict(spec.bucket()); // dropped, perhaps re-created under a new schema
                    continue;
                }
                throw SqlErrors.translate("PUT " + spec.key(), spec.bucket(), e);
            }
        }
    }

    /**
     * One statement that locks and publishes, trusting the cached namespace, then the commit. Only when
     * it published nothing (namespace changed, or a failed condition) does the locked way decide.
     */
    private Instant publishInline(Namespace cached, NewObject object, PutSpec spec) throws SQLException {
        try (Connection c = main.getConnection()) {
            c.setAutoCommit(false);
            try {
                Instant modified = ObjectPublisher.publishTrusting(c, cached, object, spec.condition());
                if (modified == null) {
                    Namespace ns = namespaces.lockForWrite(c, spec.bucket());
                    modified = ObjectPublisher.publish(c, ns, object, spec.condition());
                }
                Transactions.commit(c);
                return modified;
            } catch (SQLException | RuntimeException e) {
                SqlErrors.rollbackQuietly(c, e);
                throw e;
            }
        }
    }

    private PutResult putChunked(WriteRequest request, PutSpec spec, byte[] head, int headLength, InputStream body) {
        long started = System.nanoTime();
        try (Connection c = chunk.getConnection()) {
            c.setAutoCommit(false);
            try (BlockCodec codec = BlockCodec.pooled()) {
                Transactions.liftStatementTimeout(c);
                Namespace ns = namespaces.lockForWrite(c, spec.bucket());
                BodyDigests.Result result;
                long fileId;
                try (FileSink file = FileSink.open(c, ns, codec, copyBatch, spec.declaredLength(), watchdog)) {
                    fileId = file.fileId();
                    if (headLength > 0) {
                        file.append(head, 0, headLength);
                    }
                    file.drain(body);
                    result = request.verify(file.finish());
                }
                NewObject object = request.object(result, null, false, fileId);
                Instant modified = ObjectPublisher.publish(c, ns, object, spec.condition());
                Transactions.commit(c);
                LOG.fine(() -> String.format("PUT %s/%s %d bytes as file %d in %.1f ms", spec.bucket(), spec.key(),
                        result.size(), fileId, (System.nanoTime() - started) / 1e6));
                return new PutResult(result.etag(), result.size(), modified, request.checksum(), false);
            } catch (SQLException | RuntimeException e) {
                SqlErrors.rollbackQuietly(c, e);
                throw e;
            }
        } catch (SQLException e) {
            throw SqlErrors.translate("PUT " + spec.key(), spec.bucket(), e);
        }
    }

    static StoreException incomplete(String message, Throwable cause) {
        return new StoreException(StoreError.INCOMPLETE_BODY, message, cause);
    }
}
