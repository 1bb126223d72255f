package io.pgvs3.store.origin;

import io.pgvs3.store.api.ByteRange;
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
 * parts' files, committed when they were uploaded) is sent to the origin with the condition; the origin's
 * refusal undoes the completion, and the upload stays open for another try.
 */
public final class OriginCompletions {

    /** The largest body one origin PUT may carry (S3's limit); a larger one would need a multipart upload. */
    static final long SINGLE_PUT_MAX = 5L << 30;

    private final ObjectReader reader;
    private final OriginClients clients;
    private final SpoolBudget spools;

    public OriginCompletions(ObjectReader reader, OriginClients clients, SpoolBudget spools) {
        this.reader = reader;
        this.clients = clients;
        this.spools = spools;
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
            if (completed.size() > SINGLE_PUT_MAX) {
                throw new StoreException(StoreError.NOT_IMPLEMENTED, "a conditional CompleteMultipartUpload of more"
                        + " than 5 GiB in an origin-backed bucket is not supported yet (docs/s3-compatibility.md)");
            }
            PutSpec headers = new PutSpec(spec.bucket(), spec.key(), completed.contentType(), completed.userMetadata(),
                    condition, completed.size(), null, null, completed.contentHeaders(), null);
            try (Spool spool = Spool.open(spools, completed.size())) {
                reader.readBody(completed, ByteRange.whole(completed.size()), spool);
                spool.finish();
                OriginKeys.wroteThrough(c, locked, spec.key(),
                        origin.put(spec.key(), OriginPut.of(headers, condition, completed.contentType()), spool));
            } catch (IOException e) {
                throw new StoreException(StoreError.UNAVAILABLE, "reading the completed " + spec.key()
                        + " for its origin failed: " + e.getMessage(), e);
            }
            Outbox.cancel(c, locked, spec.key());
            return modified;
        };
    }
}
