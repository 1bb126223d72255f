package io.pgvs3.s3.golden;

import io.pgvs3.s3.handler.ListHandler;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.ObjectSummary;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * ListBucketResult of ListObjects (V1): Marker, NextMarker with a delimiter, an Owner in every Contents;
 * under encoding-type=url every name but Prefix is encoded.
 */
class GoldenListObjectsV1Test {

    @Test
    void aTruncatedPageAfterAMarkerEndingInACommonPrefix() {
        ListPage page = new ListPage(
                List.of(new ObjectSummary("logs/2026-01-01.gz", 52_428_800, "3858f62230ac3c915f300c664312c11f-10",
                                Instant.parse("2026-01-02T00:05:00Z")),
                        new ObjectSummary("logs/2026-01-02.gz", 1_234, "5d41402abc4b2a76b9719d911017c592",
                                Instant.parse("2026-01-03T00:05:00.250Z"))),
                List.of("logs/archive/"), true, "logs/archive/");
        ListHandler handler = Wiring.wire(new ListHandler(), Stubs.answering(ObjectStore.class, "list", args -> page));
        GoldenFile.assertMatches("list-objects-v1-delimiter.xml", handler.listV1(Requests.get(S3Operation.LIST_OBJECTS,
                "media", null, "prefix=logs%2F&delimiter=%2F&marker=logs%2F2025-12-31.gz&max-keys=3")));
    }

    /**
     * Issue 21: the prefix's line feed and space come back as sent, which boto3 hands over undecoded; its
     * {@code +}, {@code %} and U+0001 are escaped, as every other name is.
     */
    @Test
    void aUrlEncodedPageEscapesOnlyWhatItsPrefixCannotCarry() {
        ListPage page = new ListPage(
                List.of(new ObjectSummary("logs\n new+1%\u0001/a+b.gz", 10, "5d41402abc4b2a76b9719d911017c592",
                        Instant.parse("2026-01-03T00:05:00.250Z"))),
                List.of("logs\n new+1%\u0001/x y/"), true, "logs\n new+1%\u0001/x y/");
        ListHandler handler = Wiring.wire(new ListHandler(), Stubs.answering(ObjectStore.class, "list", args -> page));
        GoldenFile.assertMatches("list-objects-v1-url-encoded.xml", handler.listV1(Requests.get(S3Operation.LIST_OBJECTS,
                "media", null, "prefix=logs%0A%20new%2B1%25%01%2F&delimiter=%2F&encoding-type=url"
                        + "&marker=logs%0A%20new%2B1%25%01%2F0&max-keys=2")));
    }
}
