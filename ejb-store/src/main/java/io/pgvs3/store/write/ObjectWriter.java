package io.pgvs3.store.write;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import java.util.logging.Logger;

/**
 * PUT: bodies up to 64 KiB go inline through the main pool in one short transaction; larger ones
 * stream through one binary COPY on a chunk-pool connection and are published in that same
 * transaction. Nothing is visible until commit; any failure rolls everything back.
 */
public final class ObjectWriter {

    private static final Logger LOG = Logger.getLogger(ObjectWriter.class.getName());

    private final DataAccess access;
    private final CopyWatchdog watchdog;
    private final InlinePublications publications;
    private final int copyBatch;

    /** A writer whose small PUTs each commit alone. */
    public ObjectWriter(DataAccess access, CopyWatchdog watchdog) {
        this(access, watchdog, InlinePublications.alone(access));
    }

    /** A writer whose small PUTs go through {@code publications}, which may share their commits. */
    public ObjectWriter(DataAccess access, CopyWatchdog watchdog, InlinePublications publications) {
        this(access, watchdog, publications, CopyFramer.DEFAULT_BATCH);
    }

    ObjectWriter(DataAccess access, CopyWatchdog watchdog, InlinePublications publications, int copyBatch) {
        this.access = access;
        this.watchdog = watchdog;
        this.publications = publications;
        this.copyBatch = copyBatch;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#put}. */
    public PutResult put(PutSpec spec, InputStream body) {
        return put(spec, body, AfterPublish.NONE);
    }

    /**
     * {@link #put(PutSpec, InputStream)} that runs {@code after} inside the publishing transaction, after the
     * row is written and before commit, under the key's lock: what it throws undoes the publication.
     */
    public PutResult put(PutSpec spec, InputStream body, AfterPublish after) {
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
                return putInline(request, spec, head, headLength, after);
            }
        }
        return putChunked(request, spec, head, headLength, body, after);
    }

    private PutResult putInline(WriteRequest request, PutSpec spec, byte[] body, int length, AfterPublish after) {
        BodyDigests digests = new BodyDigests();
        digests.update(body, 0, length);
        BodyDigests.Result result = request.verify(digests.finish());
        byte[] compressed;
        try (BlockCodec codec = BlockCodec.pooled()) {
            compressed = codec.compressWhole(body, length);
        }
        byte[] stored = compressed != null ? compressed : java.util.Arrays.copyOf(body, length);
        NewObject object = request.object(result, stored, compressed != null, null);
        Instant modified = publications.publish(new InlinePublications.Publication(object, spec, after));
        return new PutResult(result.etag(), result.size(), modified, request.checksum(), true);
    }

    private PutResult putChunked(WriteRequest request, PutSpec spec, byte[] head, int headLength, InputStream body,
            AfterPublish after) {
        long started = System.nanoTime();
        PutResult put = access.writeLong(Pool.CHUNK, "PUT " + spec.key(), spec.bucket(), spec, (c, ns, s) -> {
            try (BlockCodec codec = BlockCodec.pooled()) {
                BodyDigests.Result result;
                long fileId;
                try (FileSink file = FileSink.open(c, ns, codec, copyBatch, s.declaredLength(), watchdog)) {
                    fileId = file.fileId();
                    if (headLength > 0) {
                        file.append(head, 0, headLength);
                    }
                    file.drain(body);
                    result = request.verify(file.finish());
                }
                NewObject object = request.object(result, null, false, fileId);
                Instant modified = after.run(c, ns, ObjectPublisher.publish(c, ns, object, s.condition()));
                return new PutResult(result.etag(), result.size(), modified, request.checksum(), false);
            }
        });
        LOG.fine(() -> String.format("PUT %s/%s %d bytes in %.1f ms", spec.bucket(), spec.key(), put.size(),
                (System.nanoTime() - started) / 1e6));
        return put;
    }

    /** What records a chunked file that no object row holds, in the transaction that wrote it. */
    @FunctionalInterface
    public interface FileRecord<T> {
        /** What it throws rolls the file back. */
        T record(Connection c, Namespace ns, long fileId) throws SQLException;
    }

    /**
     * Stores {@code body}, exactly {@code length} bytes, as a new chunked file on the chunk pool and runs
     * {@code record} before the commit of the same transaction (an origin's range blocks, ADR 52).
     *
     * @throws StoreException INCOMPLETE_BODY when the body is shorter or longer, or what {@code record} throws
     */
    public <T> T putFile(String bucket, String operation, InputStream body, long length, FileRecord<T> record) {
        return access.writeLong(Pool.CHUNK, operation, bucket, (c, ns) -> {
            try (BlockCodec codec = BlockCodec.pooled();
                 FileSink file = FileSink.open(c, ns, codec, copyBatch, length, watchdog)) {
                file.drain(body);
                long written = file.finish().size();
                if (written != length) {
                    throw incomplete("the body ended after " + written + " of " + length + " bytes", null);
                }
                return record.record(c, ns, file.fileId());
            }
        });
    }

    static StoreException incomplete(String message, Throwable cause) {
        return new StoreException(StoreError.INCOMPLETE_BODY, message, cause);
    }
}
