package io.pgvs3.s3.golden;

import io.pgvs3.s3.handler.ListHandler;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.ObjectSummary;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ListBucketResult of ListObjectsV2: encoding-type=url, CommonPrefixes, tokens, owners, XML escaping. */
class GoldenListObjectsV2Test {

    private static final Instant MODIFIED = Instant.parse("2026-03-14T09:26:53.589793Z");

    private static S3Response list(ListPage page, String rawQuery) {
        ListHandler handler = Wiring.wire(new ListHandler(), Stubs.answering(ObjectStore.class, "list", args -> page));
        return handler.listV2(Requests.get(S3Operation.LIST_OBJECTS_V2, "media", null, rawQuery));
    }

    private static ObjectSummary object(String key, long size, String etag) {
        return new ObjectSummary(key, size, etag, MODIFIED);
    }

    /** The page after the one that ended at photos/2023/, cut short after four entries. */
    @Test
    void aTruncatedUrlEncodedPageWithCommonPrefixesAndOwners() {
        ListPage page = new ListPage(
                List.of(object("photos/a b+c.jpg", 1_048_576, "9b2cf535f27731c974343645a3985328"),
                        object("photos/\u00e9t\u00e9 (1).jpg", 0, "d41d8cd98f00b204e9800998ecf8427e")),
                List.of("photos/2024 summer/", "photos/c&d/"), true, "photos/\u00e9t\u00e9 (1).jpg");
        GoldenFile.assertMatches("list-objects-v2-url-encoded.xml", list(page, "list-type=2&prefix=photos%2F"
                + "&delimiter=%2F&encoding-type=url&max-keys=4&fetch-owner=true&start-after=photos%2F2023%20old"
                + "&continuation-token=cGhvdG9zLzIwMjMv"));
    }

    /** Without encoding-type, markup characters are escaped and a carriage return is a character reference. */
    @Test
    void aLastPageOfKeysThatNeedEscaping() {
        ListPage page = new ListPage(
                List.of(object("<tag>.xml", 5, "3e25960a79dbc69b674cd4ec67a72c62"),
                        object("a&b.txt", 12, "0cc175b9c0f1b6a831c399e269772661"),
                        object("line\r\nbreak\ttab.txt", 7, "92eb5ffee6ae2fec3ad71c777531578f"),
                        object("quote\"'.txt", 3, "4a8a08f09d37b73795649038408b5f33")),
                List.of(), false, "quote\"'.txt");
        GoldenFile.assertMatches("list-objects-v2-escaped.xml", list(page, "list-type=2"));
    }
}
