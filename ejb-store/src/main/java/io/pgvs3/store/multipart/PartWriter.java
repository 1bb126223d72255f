package io.pgvs3.store.multipart;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.checksum.RunningChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.copy.FileCloner;
import io.pgvs3.store.copy.SourceRows;
import io.pgvs3.store.copy.StoredObject;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.BodyChecks;
import io.pgvs3.store.write.BodyDigests;
import io.pgvs3.store.write.CallerInput;
import io.pgvs3.store.write.CopyFramer;
import io.pgvs3.store.write.CopyWatchdog;
import io.pgvs3.store.write.FileRefs;
import io.pgvs3.store.write.FileSink;
import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.HexFormat;
import java.util.List;

/**
 * UploadPart and UploadPartCopy. Each part is a new file written in one transaction on a chunk-pool
 * connection, by the same streaming COPY writer as PUT; parts of one upload stream in parallel and take
 * the upload row's share lock only to record themselves. UploadPartCopy of a whole single-file object
 * copies its chunk rows inside PostgreSQL; any other range is streamed from the source's rows (read on
 * the main pool) into the new file through the gateway's bounded buffers.
 */
public final class PartWriter {

    private final DataAccess access;
    private final CopyWatchdog watchdog;
    private final ObjectReader sourceReader;

    public PartWriter(DataAccess access, CopyWatchdog watchdog) {
        this.access = access;
        this.watchdog = watchdog;
        // the writer holds a chunk-pool connection, so the source is read on the other pool
        this.sourceReader = new ObjectReader(access, Pool.MAIN);
    }

    /** See {@link io.pgvs3.store.api.MultipartStore#uploadPart}. */
    public PartInfo upload(PartSpec spec, InputStream body) {
        requirePartNumber(spec);
        if (spec.declaredLength() > ChunkFormat.MAX_FILE_BYTES) {
            throw new StoreException(StoreError.ENTITY_TOO_LARGE, "a part holds at most "
                    + ChunkFormat.MAX_FILE_BYTES + " bytes");
        }
        return access.writeLong(Pool.CHUNK, operation("UploadPart", spec), spec.bucket(), (c, ns) -> {
            Uploads.require(c, ns, spec.uploadId(), spec.key(), Uploads.Lock.NONE);
            BodyDigests.Result written;
            long fileId;
            try (BlockCodec codec = BlockCodec.pooled();
                 FileSink file = FileSink.open(c, ns, codec, CopyFramer.DEFAULT_BATCH, spec.declaredLength(), watchdog)) {
                fileId = file.fileId();
                file.drain(body);
                written = new BodyChecks(spec.declaredLength(), spec.expectedMd5(), spec.expectedSha256())
                        .verify(file.finish());
            }
            ObjectChecksum checksum = CallerInput.get(spec.checksum());
            return record(c, ns, spec, new StoredPart(spec.partNumber(), fileId, written.size(), written.sha256(),
                    written.md5(), checksum, null));
        });
    }

    /** See {@link io.pgvs3.store.api.MultipartStore#copyPart}. */
    public PartInfo copy(PartSpec spec, CopySource source, ByteRange range, CopyListener listener) {
        requirePartNumber(spec);
        StoredObject from = access.read(Pool.MAIN, "UploadPartCopy source " + source.key(), source.bucket(),
                (c, ns) -> SourceRows.require(c, ns, source));
        requireWithin(range, from.size());
        boolean whole = range == null || range.length() == from.size();
        return access.writeLong(Pool.CHUNK, operation("UploadPartCopy", spec), spec.bucket(), (c, ns) -> {
            Upload upload = Uploads.require(c, ns, spec.uploadId(), spec.key(), Uploads.Lock.NONE);
            listener.checksPassed();
            // an upload created with an algorithm needs every part's checksum of it, copied parts too
            ChecksumAlgorithm algorithm = upload.checksumAlgorithm() == null ? null
                    : ChecksumAlgorithm.valueOf(upload.checksumAlgorithm());
            ObjectChecksum kept = whole ? reusable(from.checksum(), algorithm) : null;
            if (whole && from.isSingleFile() && (algorithm == null || kept != null)) {
                long fileId = FileCloner.cloneFile(c, from.namespace(), ns, from.fileId(), from.size());
                return record(c, ns, spec, new StoredPart(spec.partNumber(), fileId, from.size(), from.sha256(),
                        HexFormat.of().parseHex(from.etag()), kept, null));
            }
            return record(c, ns, spec, stream(c, ns, spec, from, range, algorithm));
        });
    }

    /** The source's checksum when it is the whole-object checksum the part needs: no byte must be read. */
    private static ObjectChecksum reusable(ObjectChecksum source, ChecksumAlgorithm algorithm) {
        return algorithm != null && source != null && source.algorithm() == algorithm
                && source.type() == ChecksumType.FULL_OBJECT ? source : null;
    }

    /** Copies the bytes into a new part file, computing the upload's checksum on the way when it has one. */
    private StoredPart stream(Connection c, Namespace ns, PartSpec spec, StoredObject from, ByteRange range,
                              ChecksumAlgorithm algorithm) throws SQLException {
        long length = range == null ? from.size() : range.length();
        try (BlockCodec codec = BlockCodec.pooled();
             FileSink file = FileSink.open(c, ns, codec, CopyFramer.DEFAULT_BATCH, length, watchdog)) {
            RunningChecksum running = algorithm == null ? null : algorithm.newChecksum();
            sourceReader.readBody(from.toMeta(), range, running == null ? file : new FilterOutputStream(file) {
                @Override
                public void write(byte[] bytes, int offset, int count) throws IOException {
                    running.update(bytes, offset, count);
                    out.write(bytes, offset, count);
                }
            });
            BodyDigests.Result body = new BodyChecks(length, null, null).verify(file.finish());
            ObjectChecksum checksum = running == null ? null : ObjectChecksum.fullObject(algorithm, running.digest());
            return new StoredPart(spec.partNumber(), file.fileId(), body.size(), body.sha256(), body.md5(), checksum,
                    null);
        } catch (IOException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "copying " + from.key() + " into part "
                    + spec.partNumber() + " failed: " + e.getMessage(), e);
        }
    }

    /** Records the part under the upload's share lock; the part it replaces, if any, is released. */
    private static PartInfo record(Connection c, Namespace ns, PartSpec spec, StoredPart part) throws SQLException {
        Uploads.require(c, ns, spec.uploadId(), spec.key(), Uploads.Lock.SHARE);
        UploadParts.Put put = UploadParts.put(c, ns, spec.uploadId(), part);
        FileRefs.release(c, ns, put.replacedFile() == null ? List.of() : List.of(put.replacedFile()));
        return put.part().info();
    }

    /**
     * S3's two answers to a range the source does not hold: one that starts past its last byte names
     * no byte of it (InvalidRequest), one that only ends past it is an invalid argument.
     */
    private static void requireWithin(ByteRange range, long size) {
        if (range != null && range.first() >= size) {
            throw new StoreException(StoreError.INVALID_REQUEST,
                    "The specified copy range is invalid for the source object size");
        }
        if (range != null && range.last() >= size) {
            throw new StoreException(StoreError.INVALID_ARGUMENT,
                    "Range specified is not valid for source object of size: " + size);
        }
    }

    private static void requirePartNumber(PartSpec spec) {
        if (spec.partNumber() < PartSpec.MIN_PART_NUMBER || spec.partNumber() > PartSpec.MAX_PART_NUMBER) {
            throw new StoreException(StoreError.INVALID_ARGUMENT,
                    "Part number must be an integer between 1 and 10000, inclusive");
        }
    }

    private static String operation(String name, PartSpec spec) {
        return name + " " + spec.partNumber() + " of " + spec.key();
    }
}
