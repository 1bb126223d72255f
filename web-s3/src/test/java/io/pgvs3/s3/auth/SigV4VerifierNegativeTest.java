package io.pgvs3.s3.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Each AWS example, bent in one way, must fail with the S3 error S3 itself would send. */
class SigV4VerifierNegativeTest {
    private static final String GET_SIG = "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41";
    private static final String GET_SIGNED = "host;range;x-amz-content-sha256;x-amz-date";

    private final SigV4Verifier verifier = new SigV4Verifier(AwsExamples.store(), Duration.ofMinutes(15), "us-east-1");

    private AuthFailure failure(AwsExamples.Req req) {
        return failure(verifier, req);
    }

    private static AuthFailure failure(SigV4Verifier v, AwsExamples.Req req) {
        return assertThrows(AuthException.class, () -> v.verify(req.build())).failure();
    }

    private static AwsExamples.Req getWithAuth(String authorization) {
        return AwsExamples.getObject().without("authorization").header("authorization", authorization);
    }

    @Test
    void tamperedSignature() {
        String bad = GET_SIG.substring(0, 63) + "0";
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failure(getWithAuth(AwsExamples.auth(GET_SIGNED, bad))));
    }

    @Test
    void upperCaseSignatureIsNotTheSameSignature() {
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH,
                failure(getWithAuth(AwsExamples.auth(GET_SIGNED, GET_SIG.toUpperCase()))));
    }

    @Test
    void wrongSecret() {
        SigV4Verifier other = new SigV4Verifier(k -> Optional.of("not-the-secret"), Duration.ofMinutes(15), "us-east-1");
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failure(other, AwsExamples.getObject()));
    }

    @Test
    void unknownAccessKey() {
        SigV4Verifier empty = new SigV4Verifier(k -> Optional.empty(), Duration.ofMinutes(15), "us-east-1");
        assertEquals(AuthFailure.INVALID_ACCESS_KEY_ID, failure(empty, AwsExamples.getObject()));
    }

    @Test
    void tamperedRequestParts() {
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failure(AwsExamples.getObject().without("range")
                .header("range", "bytes=0-10")));
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failure(new AwsExamples.Req("GET", "/Test.txt")
                .header("host", "examplebucket.s3.amazonaws.com").header("range", "bytes=0-9")
                .header("x-amz-content-sha256", AwsExamples.EMPTY_SHA256).header("x-amz-date", "20130524T000000Z")
                .header("authorization", AwsExamples.auth(GET_SIGNED, GET_SIG))));
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failure(AwsExamples.listObjects().query("max-keys=3&prefix=J")));
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, failure(AwsExamples.presignedGet()
                .query(AwsExamples.PRESIGNED_QUERY + "&extra=1")));
    }

    @Test
    void skewBeyondFifteenMinutes() {
        verifier.verify(AwsExamples.getObject().at(AwsExamples.EXAMPLE_TIME.plusSeconds(900)).build());
        assertEquals(AuthFailure.REQUEST_TIME_TOO_SKEWED,
                failure(AwsExamples.getObject().at(AwsExamples.EXAMPLE_TIME.plusSeconds(901))));
        assertEquals(AuthFailure.REQUEST_TIME_TOO_SKEWED,
                failure(AwsExamples.getObject().at(AwsExamples.EXAMPLE_TIME.minusSeconds(901))));
    }

    @Test
    void expiredPresignedUrl() {
        assertEquals(AuthFailure.REQUEST_EXPIRED,
                failure(AwsExamples.presignedGet().at(AwsExamples.EXAMPLE_TIME.plusSeconds(86401))));
        assertEquals("AccessDenied", AuthFailure.REQUEST_EXPIRED.code());
    }

    @Test
    void presignedUrlFromTheFuture() {
        assertEquals(AuthFailure.REQUEST_NOT_YET_VALID,
                failure(AwsExamples.presignedGet().at(AwsExamples.EXAMPLE_TIME.minusSeconds(901))));
    }

    @Test
    void presignedExpiresOutOfRange() {
        for (String expires : new String[] {"0", "604801", "-1", "soon"}) {
            String q = AwsExamples.PRESIGNED_QUERY.replace("X-Amz-Expires=86400", "X-Amz-Expires=" + expires);
            assertEquals(AuthFailure.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                    failure(AwsExamples.presignedGet().query(q)), expires);
        }
    }

    @Test
    void presignedMissingParameterOrOtherAlgorithm() {
        assertEquals(AuthFailure.AUTHORIZATION_QUERY_PARAMETERS_ERROR, failure(AwsExamples.presignedGet()
                .query(AwsExamples.PRESIGNED_QUERY.replace("&X-Amz-SignedHeaders=host", ""))));
        assertEquals(AuthFailure.AUTHORIZATION_QUERY_PARAMETERS_ERROR, failure(AwsExamples.presignedGet()
                .query(AwsExamples.PRESIGNED_QUERY.replace("AWS4-HMAC-SHA256", "AWS4-HMAC-SHA1"))));
    }

    @Test
    void unsignedAmzHeaderIsRefused() {
        assertEquals(AuthFailure.ACCESS_DENIED, failure(AwsExamples.getObject().header("x-amz-copy-source", "/b/k")));
        assertEquals(AuthFailure.ACCESS_DENIED, failure(AwsExamples.presignedGet().header("x-amz-acl", "public-read")));
    }

    @Test
    void hostMustBeSigned() {
        assertEquals(AuthFailure.AUTHORIZATION_HEADER_MALFORMED,
                failure(getWithAuth(AwsExamples.auth("range;x-amz-content-sha256;x-amz-date", GET_SIG))));
    }

    @Test
    void contentSha256IsRequiredAndValidated() {
        assertEquals(AuthFailure.MISSING_CONTENT_SHA256, failure(AwsExamples.getObject().without("x-amz-content-sha256")));
        assertEquals("InvalidRequest", AuthFailure.MISSING_CONTENT_SHA256.code());
        assertEquals(AuthFailure.INVALID_ARGUMENT, failure(AwsExamples.getObject().without("x-amz-content-sha256")
                .header("x-amz-content-sha256", "not-a-hash")));
        assertEquals(AuthFailure.UNSUPPORTED_AUTH, failure(AwsExamples.getObject().without("x-amz-content-sha256")
                .header("x-amz-content-sha256", "STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD")));
    }

    @Test
    void credentialScopeIsChecked() {
        String base = "Credential=" + AwsExamples.CREDENTIAL;
        String rest = ",SignedHeaders=" + GET_SIGNED + ",Signature=" + GET_SIG;
        assertEquals(AuthFailure.AUTHORIZATION_HEADER_MALFORMED, failure(getWithAuth("AWS4-HMAC-SHA256 "
                + base.replace("20130524", "20130525") + rest)));
        assertEquals(AuthFailure.AUTHORIZATION_HEADER_MALFORMED, failure(getWithAuth("AWS4-HMAC-SHA256 "
                + base.replace("/s3/", "/ec2/") + rest)));
        assertEquals(AuthFailure.AUTHORIZATION_HEADER_MALFORMED, failure(getWithAuth("AWS4-HMAC-SHA256 "
                + base.replace("aws4_request", "aws5_request") + rest)));
        assertEquals(AuthFailure.AUTHORIZATION_HEADER_MALFORMED, failure(getWithAuth("AWS4-HMAC-SHA256 "
                + "Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1" + rest)));
        assertEquals(AuthFailure.AUTHORIZATION_HEADER_MALFORMED, failure(getWithAuth("AWS4-HMAC-SHA256 "
                + base + ",SignedHeaders=" + GET_SIGNED)));
    }

    /**
     * S3 refuses a request signed for another region and names its own (issue 9); this test used to
     * accept any region (signed into the key), which no S3 endpoint does.
     */
    @Test
    void anotherRegionIsMalformedAndNamesTheExpectedOne() {
        AuthException e = assertThrows(AuthException.class, () -> verifier.verify(getWithAuth(AwsExamples
                .auth(GET_SIGNED, GET_SIG).replace("us-east-1", "eu-west-1")).build()));
        assertEquals(AuthFailure.AUTHORIZATION_HEADER_MALFORMED, e.failure());
        assertEquals("us-east-1", e.expectedRegion());
        assertTrue(e.getMessage().contains("the region 'eu-west-1' is wrong; expecting 'us-east-1'"), e.getMessage());
    }

    @Test
    void otherAuthSchemes() {
        assertEquals(AuthFailure.UNSUPPORTED_AUTH, failure(getWithAuth("AWS AKIAIOSFODNN7EXAMPLE:frJIUN8DYpKDtOLCwo//yllqDzg=")));
        assertEquals(AuthFailure.UNSUPPORTED_AUTH, failure(getWithAuth(AwsExamples.auth(GET_SIGNED, GET_SIG)
                .replace("AWS4-HMAC-SHA256", "AWS4-ECDSA-P256-SHA256"))));
        assertEquals(AuthFailure.INVALID_ARGUMENT, failure(getWithAuth("Bearer abc")));
        assertEquals(AuthFailure.UNSUPPORTED_AUTH, failure(sigV2Presigned("4102444800")));
    }

    /** S3 tells the holder of an expired SigV2 presigned URL that it expired, as for SigV4 (issue 21). */
    @Test
    void anExpiredSigV2PresignedUrlHasExpired() {
        assertEquals(AuthFailure.REQUEST_EXPIRED, failure(sigV2Presigned("1141889120")));
    }

    private static AwsExamples.Req sigV2Presigned(String expires) {
        return new AwsExamples.Req("GET", "/test.txt").query("AWSAccessKeyId=AKIAIOSFODNN7EXAMPLE&Expires=" + expires
                + "&Signature=vjbyPxybdZaNmGa%2ByT272YEAiv4%3D").header("host", "examplebucket.s3.amazonaws.com");
    }

    @Test
    void anonymousAndDoubleAuth() {
        assertEquals(AuthFailure.ACCESS_DENIED, failure(new AwsExamples.Req("GET", "/test.txt").header("host", "h")));
        assertEquals(AuthFailure.INVALID_ARGUMENT, failure(AwsExamples.getObject().query(AwsExamples.PRESIGNED_QUERY)));
    }

    @Test
    void requestTimeIsRequired() {
        assertEquals(AuthFailure.ACCESS_DENIED, failure(AwsExamples.getObject().without("x-amz-date")));
        assertEquals(AuthFailure.ACCESS_DENIED, failure(AwsExamples.getObject().without("x-amz-date")
                .header("x-amz-date", "2013-05-24T00:00:00Z")));
    }
}
