package io.pgvs3.store.copy;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.checksum.RunningChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.write.NewObject;
import io.pgvs3.store.write.ObjectPublisher;
import io.pgvs3.store.write.WriteRequest;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;

/**
 * CopyObject in one transaction. Within a bucket the new row references the source's files: both keys
 * are locked (in lock order) before the source row is read, so the source cannot be deleted, and its
 * files released, between that read and the commit of the new reference. Across buckets the source's
 * chunk rows are copied into the target's chunks table first (chunk pool, no statement timeout). The
 * listener hears when everything checked before bytes move has passed.
 */
public final class ObjectCopier {

    private final DataAccess access;
    private final ObjectReader reader;

    public ObjectCopier(DataAccess access, ObjectReader reader) {
        this.access = access;
        this.reader = reader;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#copy}. */
    public PutResult copy(CopySpec spec, CopyListener listener) {
        WriteRequest.requireValidKey(spec.key());
        Requested requested = spec.checksumAlgorithm() == null ? null : requested(spec, listener);
        String operation = "COPY " + spec.source().bucket() + "/" + spec.source().key() + " to " + spec.key();
        if (spec.source().bucket().equals(spec.bucket())) {
            return access.write(Pool.MAIN, operation, spec.bucket(), (c, ns) -> copyWithin(c, ns, spec, requested));
        }
        return access.writeLong(Pool.CHUNK, operation, spec.bucket(),
                (c, target) -> copyAcross(c, target, spec, requested, listener));
    }

    /** A checksum the copy must carry instead of the source's, and the source version it was computed on. */
    private record Requested(String sourceEtag, ObjectChecksum checksum) {
    }

    /**
     * The source's full-object checksum of the requested algorithm: stored, or computed by reading the
     * source before the copy's transaction (a long read holds no lock); the copy then insists on that
     * same source version. The target (bucket and condition) and the source's conditions are checked
     * before that read.
     */
    private Requested requested(CopySpec spec, CopyListener listener) {
        ChecksumAlgorithm algorithm = spec.checksumAlgorithm();
        ObjectMeta source = reader.head(spec.source().bucket(), spec.source().key(), true);
        ObjectChecksum stored = source.checksum();
        if (stored != null && stored.algorithm() == algorithm && stored.type() == ChecksumType.FULL_OBJECT) {
            return new Requested(source.etag(), stored);
        }
        access.read(Pool.MAIN, "COPY target " + spec.key(), spec.bucket(), (c, target) -> {
            ObjectPublisher.precheck(c, target, spec.key(), spec.condition());
            return target;
        });
        SourceRows.requireConditions(spec.source(), source.etag(), source.lastModified());
        listener.checksPassed();
        RunningChecksum running = algorithm.newChecksum();
        try {
            reader.readBody(source, null, new OutputStream() {
                @Override
                public void write(int b) {
                    write(new byte[] {(byte) b}, 0, 1);
                }

                @Override
                public void write(byte[] bytes, int offset, int length) {
                    running.update(bytes, offset, length);
                }
            });
        } catch (IOException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "reading " + source.key() + " for its "
                    + algorithm.name() + " failed: " + e.getMessage(), e);
        }
        return new Requested(source.etag(), ObjectChecksum.fullObject(algorithm, running.digest()));
    }

    private static PutResult copyWithin(Connection c, Namespace ns, CopySpec spec, Requested requested)
            throws SQLException {
        Locks.lockObjectKeys(c, ns.id(), spec.source().key(), spec.key());
        return publish(c, ns, spec, SourceRows.require(c, ns, spec.source()), requested);
    }

    private PutResult copyAcross(Connection c, Namespace target, CopySpec spec, Requested requested,
                                 CopyListener listener) throws SQLException {
        Namespace from = access.namespaces().lockForWrite(c, spec.source().bucket());
        StoredObject source = SourceRows.require(c, from, spec.source());
        ObjectPublisher.precheck(c, target, spec.key(), spec.condition());
        listener.checksPassed();
        return publish(c, target, spec, FileCloner.cloneInto(c, source, target), requested);
    }

    private static PutResult publish(Connection c, Namespace target, CopySpec spec, StoredObject body,
                                     Requested requested) throws SQLException {
        if (requested != null && !requested.sourceEtag().equals(body.etag())) {
            // the source was replaced while its checksum was computed: S3's answer to a lost race
            throw new StoreException(StoreError.CONDITIONAL_CONFLICT, "the copy source changed during the copy");
        }
        ObjectChecksum checksum = requested == null ? body.checksum() : requested.checksum();
        NewObject copy = spec.replaceMetadata()
                ? body.publishAs(spec.key(), WriteRequest.contentTypeOrDefault(spec.contentType()),
                        WriteRequest.flatten(spec.userMetadata()), checksum)
                : body.publishAs(spec.key(), body.contentType(), body.userMetadata(), checksum);
        Instant modified = ObjectPublisher.publish(c, target, copy, spec.condition());
        return new PutResult(body.etag(), body.size(), modified, checksum, body.inlineData() != null);
    }
}
