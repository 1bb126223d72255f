package io.pgvs3.s3.golden;

import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.handler.BucketHandler;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.BucketStore;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ListAllMyBucketsResult: the owner, a page of buckets with their region, the next token and the prefix. */
class GoldenListBucketsTest {

    private static final List<BucketInfo> BUCKETS = List.of(
            new BucketInfo("archive", Instant.parse("2025-11-02T08:00:00Z")),
            new BucketInfo("data-2025", Instant.parse("2025-12-31T23:59:59.999999Z")),
            new BucketInfo("data-2026", Instant.parse("2026-01-01T00:00:00.001Z")),
            new BucketInfo("data-raw", Instant.parse("2026-02-14T12:30:45.5Z")));

    private static final S3Config REGION = new S3Config() {
        @Override
        public String region() {
            return "eu-central-1";
        }
    };

    @Test
    void aTruncatedPageOfPrefixedBuckets() {
        BucketHandler handler = Wiring.wire(new BucketHandler(),
                Stubs.answering(BucketStore.class, "list", args -> BUCKETS), REGION);
        GoldenFile.assertMatches("list-buckets-truncated.xml",
                handler.listBuckets(Requests.get(S3Operation.LIST_BUCKETS, null, null, "prefix=data-&max-buckets=2")));
    }
}
