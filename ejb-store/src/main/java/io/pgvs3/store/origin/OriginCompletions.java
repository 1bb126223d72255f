package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.AfterPublish;
import java.io.IOException;

/**
 * CompleteMultipartUpload in an origin-backed bucket (ADR 45). An unconditional completion is a
 * write-back. A conditional one is a write-through that the origin decides: the completion is published
 * here without its condition and, before its commit and under the key's lock, the completed body (the
 * parts' files, committed when they were uploaded) is sent to the origin with the condition (by the
 * {@link OriginSender}: above its part size as a multipart upload, completed with the condition); the origin's
 * refusal undoes the completion, and the upload stays open for another try.
 */
public final class OriginCompletions {

    private final DataAccess access;
    private final ObjectReader reader;
    private final OriginClients clients;
    private final OriginSender sender;

    public OriginCompletions(DataAccess access, ObjectReader reader, OriginClients clients, OriginSender sender) {
        this.access = access;
        this.reader = reader;
        this.clients = clients;
        this.sender = sender;
    }

    /** The completion as it is published here: the origin, not this bucket, decides its condition. */
    public static CompleteSpec local(CompleteSpec spec) {
        return new CompleteSpec(spec.bucket(), spec.key(), spec.uploadId(), spec.parts(), WriteCondition.NONE,
                spec.expectedAlgorithm(), spec.expectedValue());
    }

    /** What runs in the completion's transaction: its write-back, or its write-through under a condition. */
    public AfterPublish after(Namespace ns, CompleteSpec spec) {
        WriteCondition condition = spec.condition() == null ? WriteCondition.NONE : spec.condition();
        if (condition.equals(WriteCondition.NONE)) {
            return OriginObjects.writeBack(spec.key());
        }
        OriginClient origin = clients.of(ns);
        return (c, locked, modified) -> {
            ObjectMeta completed = ObjectReader.inTransaction(c, locked, spec.key());
            PutSpec headers = new PutSpec(spec.bucket(), spec.key(), completed.contentType(), completed.userMetadata(),
                    condition, completed.size(), null, null, completed.contentHeaders(), null);
            OriginUploads uploads = new OriginUploads(access, locked);
            uploads.abortLeftovers(origin, spec.key());
            try {
                OriginKeys.wroteThrough(c, locked, spec.key(), sender.send(origin, reader, completed,
                        OriginPut.of(headers, condition, completed.contentType()), uploads));
            } catch (IOException e) {
                throw new StoreException(StoreError.UNAVAILABLE, "reading the completed " + spec.key()
                        + " for its origin failed: " + e.getMessage(), e);
            }
            Outbox.cancel(c, locked, spec.key());
            return modified;
        };
    }
}
