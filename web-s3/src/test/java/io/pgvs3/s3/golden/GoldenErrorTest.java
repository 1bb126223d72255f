package io.pgvs3.s3.golden;

import io.pgvs3.s3.error.ErrorResponses;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import org.junit.jupiter.api.Test;

/** The Error document: no namespace, the bucket and key it concerns, extra elements, Resource, ids. */
class GoldenErrorTest {

    private static S3Response answer(Throwable failure, String rawPath) {
        return ErrorResponses.of(failure, new ErrorResponses.RequestFacts(Requests.REQUEST_ID, "GET", rawPath, code -> { }));
    }

    @Test
    void aMissingKeyNamesItsBucketKeyAndResource() {
        String key = "docs/a&b <1>.txt";
        S3Exception failure = Requests.get(S3Operation.GET_OBJECT, "media", key, null).error(S3ErrorCode.NO_SUCH_KEY);
        GoldenFile.assertMatches("error-no-such-key.xml", answer(failure, "/media/docs/a%26b%20%3C1%3E.txt"));
    }

    @Test
    void aWrongRegionNamesTheRegionClientsRedirectTo() {
        S3Exception failure = new S3Exception(S3ErrorCode.AUTHORIZATION_HEADER_MALFORMED,
                "The authorization header is malformed; the region 'us-east-1' is wrong; expecting 'eu-central-1'")
                .withDetail("Region", "eu-central-1");
        GoldenFile.assertMatches("error-authorization-header-malformed.xml", answer(failure, "/media"));
    }
}
