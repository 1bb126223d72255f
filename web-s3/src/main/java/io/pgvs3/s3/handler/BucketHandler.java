package io.pgvs3.s3.handler;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlElement;
import io.pgvs3.s3.xml.XmlReader;
import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.BucketStore;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.pgvs3.s3.http.S3Response;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/** ListBuckets, CreateBucket, HeadBucket, DeleteBucket, GetBucketLocation. */
@ApplicationScoped
public class BucketHandler {

    /** S3's original region: its buckets report an empty LocationConstraint and may not name it. */
    private static final String US_EAST_1 = "us-east-1";
    private static final int MAX_BUCKETS = 10000;
    private static final int MAX_CONFIGURATION_BYTES = 64 * 1024;

    @EJB
    private BucketStore buckets;
    @Inject
    private Existence existence;
    @Inject
    private S3Config config;

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
        XmlDocument xml = SingleOwner.element(XmlDocument.s3("ListAllMyBucketsResult"), "Owner").start("Buckets");
        for (BucketInfo bucket : page) {
            xml.start("Bucket").element("Name", bucket.name())
                    .element("CreationDate", HttpDates.xml(bucket.created()))
                    .element("BucketRegion", config.region()).end();
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
        checkLocationConstraint(call, locationConstraint(call));
        // Creating a bucket you already own succeeds, as in us-east-1, S3's default region.
        buckets.create(call.bucket());
        return S3Response.ok().header("Location", "/" + call.bucket()).build();
    }

    /** The body's LocationConstraint, or null without a body or constraint. */
    private static String locationConstraint(S3Call call) {
        byte[] body;
        try {
            body = XmlReader.readBody(call.body(), MAX_CONFIGURATION_BYTES);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        if (body.length == 0) {
            return null;
        }
        XmlElement configuration = XmlReader.parse(body);
        if (!configuration.name().equals("CreateBucketConfiguration")) {
            throw call.error(S3ErrorCode.MALFORMED_XML);
        }
        String constraint = configuration.childText("LocationConstraint");
        return constraint == null || constraint.isEmpty() ? null : constraint;
    }

    /**
     * As a regional S3 endpoint: the constraint must name this region, except that us-east-1 is the
     * one region that is never named (there, naming it is InvalidLocationConstraint).
     */
    private void checkLocationConstraint(S3Call call, String constraint) {
        String region = config.region();
        if (region.equals(US_EAST_1)) {
            if (US_EAST_1.equals(constraint)) {
                throw call.error(S3ErrorCode.INVALID_LOCATION_CONSTRAINT);
            }
            if (constraint == null) {
                return;
            }
        } else if (region.equals(constraint)) {
            return;
        }
        throw call.error(S3ErrorCode.ILLEGAL_LOCATION_CONSTRAINT, "The " + (constraint == null ? "unspecified"
                : constraint) + " location constraint is incompatible for the region specific endpoint this"
                + " request was sent to.");
    }

    public S3Response head(S3Call call) {
        existence.requireBucket(call);
        return S3Response.ok().header("x-amz-bucket-region", config.region()).build();
    }

    public S3Response delete(S3Call call) {
        buckets.delete(call.bucket());
        return S3Response.noContent();
    }

    public S3Response location(S3Call call) {
        existence.requireBucket(call);
        // us-east-1 is written as an empty LocationConstraint, every other region by its name
        String region = config.region();
        XmlDocument xml = XmlDocument.s3("LocationConstraint");
        return XmlResponses.ok(region.equals(US_EAST_1) ? xml : xml.text(region));
    }

}
