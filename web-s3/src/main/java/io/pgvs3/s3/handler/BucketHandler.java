package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.BucketStore;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.Response;

/** ListBuckets, CreateBucket, HeadBucket, DeleteBucket, GetBucketLocation. */
@ApplicationScoped
public class BucketHandler {

    /** This gateway has one owner: the configured access key. */
    static final String OWNER_ID = "pgvs3";

    @EJB
    private BucketStore buckets;

    public Response listBuckets(S3Call call) {
        XmlDocument xml = XmlDocument.s3("ListAllMyBucketsResult")
                .start("Owner").element("ID", OWNER_ID).element("DisplayName", OWNER_ID).end()
                .start("Buckets");
        for (BucketInfo bucket : buckets.list()) {
            xml.start("Bucket").element("Name", bucket.name())
                    .element("CreationDate", HttpDates.xml(bucket.created())).end();
        }
        return XmlResponses.ok(xml.end());
    }

    public Response create(S3Call call) {
        BucketNames.validate(call.bucket());
        // Creating a bucket you already own succeeds in us-east-1, S3's default region.
        buckets.create(call.bucket());
        return Response.ok().header("Location", "/" + call.bucket()).build();
    }

    public Response head(S3Call call) {
        requireBucket(call);
        return Response.ok().header("x-amz-bucket-region", "us-east-1").build();
    }

    public Response delete(S3Call call) {
        buckets.delete(call.bucket());
        return Response.noContent().build();
    }

    public Response location(S3Call call) {
        requireBucket(call);
        // us-east-1 is written as an empty LocationConstraint
        return XmlResponses.ok(XmlDocument.s3("LocationConstraint"));
    }

    private void requireBucket(S3Call call) {
        if (!buckets.exists(call.bucket())) {
            throw call.error(S3ErrorCode.NO_SUCH_BUCKET);
        }
    }
}
