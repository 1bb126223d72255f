package io.pgvs3.store.copy;

import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.sql.Locks;
import io.pgvs3.store.sql.Transactions;
import io.pgvs3.store.write.NewObject;
import io.pgvs3.store.write.ObjectPublisher;
import io.pgvs3.store.write.WriteRequest;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;
import javax.sql.DataSource;

/**
 * CopyObject in one transaction. Within a bucket the new row references the source's files: both keys
 * are locked (in lock order) before the source row is read, so the source cannot be deleted, and its
 * files released, between that read and the commit of the new reference. Across buckets the source's
 * chunk rows are copied into the target's chunks table first (chunk pool, no statement timeout).
 */
public final class ObjectCopier {

    private final DataSource main;
    private final DataSource chunk;
    private final NamespaceCache namespaces;

    public ObjectCopier(DataSource main, DataSource chunk, NamespaceCache namespaces) {
        this.main = main;
        this.chunk = chunk;
        this.namespaces = namespaces;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#copy}. */
    public PutResult copy(CopySpec spec) {
        WriteRequest.requireValidKey(spec.key());
        String operation = "COPY " + spec.source().bucket() + "/" + spec.source().key() + " to " + spec.key();
        if (spec.source().bucket().equals(spec.bucket())) {
            return Transactions.run(main, operation, spec.bucket(), c -> copyWithin(c, spec));
        }
        return Transactions.runLong(chunk, operation, spec.bucket(), c -> copyAcross(c, spec));
    }

    private PutResult copyWithin(Connection c, CopySpec spec) throws SQLException {
        Namespace ns = namespaces.lockForWrite(c, spec.bucket());
        Locks.lockObjectKeys(c, ns.id(), spec.source().key(), spec.key());
        return publish(c, ns, spec, SourceRows.require(c, ns, spec.source()));
    }

    private PutResult copyAcross(Connection c, CopySpec spec) throws SQLException {
        Namespace target = namespaces.lockForWrite(c, spec.bucket());
        Namespace from = namespaces.lockForWrite(c, spec.source().bucket());
        StoredObject source = SourceRows.require(c, from, spec.source());
        return publish(c, target, spec, FileCloner.cloneInto(c, source, target));
    }

    private static PutResult publish(Connection c, Namespace target, CopySpec spec, StoredObject body)
            throws SQLException {
        NewObject copy = spec.replaceMetadata()
                ? body.publishAs(spec.key(), WriteRequest.contentTypeOrDefault(spec.contentType()),
                        WriteRequest.flatten(spec.userMetadata()))
                : body.publishAs(spec.key(), body.contentType(), body.userMetadata());
        Instant modified = ObjectPublisher.publish(c, target, copy, spec.condition());
        return new PutResult(body.etag(), body.size(), modified, body.checksum(), body.inlineData() != null);
    }
}
