package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.BucketStore;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import io.pgvs3.s3.http.S3Response;
import java.util.ArrayList;
import java.util.List;

/** ListBuckets, CreateBucket, HeadBucket, DeleteBucket, GetBucketLocation. */
@ApplicationScoped
public class BucketHandler {

    /** This gateway has one owner: the configured access key. */
    static final String OWNER_ID = "pgvs3";
    static final String REGION = "us-east-1";
    private static final int MAX_BUCKETS = 10000;

    @EJB
    private BucketStore buckets;

    /** Buckets are few (one schema each), so paging runs over the sorted list the store returns. */
    public S3Response listBuckets(S3Call call) {
        String prefix = call.param("prefix");
        String token = call.param("continuation-token");
        int max = maxBuckets(call);
        String after = token == null ? null : ContinuationTokens.decode(call, token);
        List<BucketInfo> page = new ArrayList<>();
        boolean truncated = false;
        for (BucketInfo bucket : buckets.list()) {
            if ((prefix != null && !bucket.name().startsWith(prefix)) || (after != null && bucket.name().compareTo(after) <= 0)) {
                continue;
            }
            if (page.size() == max) {
                truncated = true;
                break;
            }
            page.add(bucket);
        }
        XmlDocument xml = XmlDocument.s3("ListAllMyBucketsResult")
                .start("Owner").element("ID", OWNER_ID).element("DisplayName", OWNER_ID).end()
                .start("Buckets");
        for (BucketInfo bucket : page) {
            xml.start("Bucket").element("Name", bucket.name())
                    .element("CreationDate", HttpDates.xml(bucket.created()))
                    .element("BucketRegion", REGION).end();
        }
        xml.end()
                .element("ContinuationToken", truncated ? ContinuationTokens.encode(page.get(page.size() - 1).name()) : null)
                .element("Prefix", prefix);
        return XmlResponses.ok(xml);
    }

    private static int maxBuckets(S3Call call) {
        String value = call.param("max-buckets");
        if (value == null) {
            return MAX_BUCKETS;
        }
        try {
            int max = Integer.parseInt(value.trim());
            if (max >= 1 && max <= MAX_BUCKETS) {
                return max;
            }
        } catch (NumberFormatException e) {
            // falls through to the S3 error
        }
        throw call.error(S3ErrorCode.INVALID_ARGUMENT, "max-buckets must be an integer from 1 to " + MAX_BUCKETS + ".");
    }

    public S3Response create(S3Call call) {
        BucketNames.validate(call.bucket());
        // Creating a bucket you already own succeeds in us-east-1, S3's default region.
        buckets.create(call.bucket());
        return S3Response.ok().header("Location", "/" + call.bucket()).build();
    }

    public S3Response head(S3Call call) {
        requireBucket(call);
        return S3Response.ok().header("x-amz-bucket-region", REGION).build();
    }

    public S3Response delete(S3Call call) {
        buckets.delete(call.bucket());
        return S3Response.noContent();
    }

    public S3Response location(S3Call call) {
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
