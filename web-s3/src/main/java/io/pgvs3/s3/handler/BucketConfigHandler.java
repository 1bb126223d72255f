package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.xml.XmlDocument;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;

/**
 * Configuration reads that clients probe before or after their work (rclone, SDK managers, data
 * tools): this gateway keeps no versioning, tags, policies, CORS, lifecycle, encryption, object lock or
 * public access block settings, so each is answered as S3 answers a bucket that never had one.
 */
@ApplicationScoped
public class BucketConfigHandler {

    @Inject
    private Existence existence;

    /** Versioning was never enabled: S3 answers an empty configuration, not an error. */
    public S3Response versioning(S3Call call) {
        existence.requireBucket(call);
        return XmlResponses.ok(XmlDocument.s3("VersioningConfiguration"));
    }

    /** Objects carry no tags: an empty tag set (S3 answers the same for an untagged object). */
    public S3Response objectTagging(S3Call call) {
        existence.requireObject(call);
        return XmlResponses.ok(XmlDocument.s3("Tagging").start("TagSet").end());
    }

    /** Buckets are always owner-enforced: objects belong to the bucket owner and ACLs are off. */
    public S3Response ownershipControls(S3Call call) {
        existence.requireBucket(call);
        return XmlResponses.ok(XmlDocument.s3("OwnershipControls").start("Rule")
                .element("ObjectOwnership", "BucketOwnerEnforced").end());
    }

    /**
     * A bucket setting that was never made: S3's own "not configured" error (tagging, policy, CORS,
     * lifecycle, encryption, object lock, public access block).
     */
    public S3Response absent(S3Call call, S3ErrorCode notConfigured) {
        existence.requireBucket(call);
        throw call.error(notConfigured);
    }
}
