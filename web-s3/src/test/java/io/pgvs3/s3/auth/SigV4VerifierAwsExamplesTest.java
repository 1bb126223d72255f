package io.pgvs3.s3.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.time.Duration;
import org.junit.jupiter.api.Test;

/** AWS's published examples must verify unchanged: one test per example, values from the docs. */
class SigV4VerifierAwsExamplesTest {
    private final SigV4Verifier verifier = new SigV4Verifier(AwsExamples.store(), Duration.ofMinutes(15), "us-east-1");

    @Test
    void getObjectWithRange() {
        VerifiedRequest v = verifier.verify(AwsExamples.getObject().build());
        assertEquals(AwsExamples.ACCESS_KEY, v.accessKeyId());
        assertEquals(PayloadMode.SIGNED, v.payloadMode());
        assertArrayEquals(SigV4Crypto.unhex(AwsExamples.EMPTY_SHA256), v.payloadSha256());
        assertNull(v.chunkSigner());
    }

    @Test
    void putObjectWithDollarInKeyAndBothDateHeaders() {
        VerifiedRequest v = verifier.verify(AwsExamples.putObject().build());
        assertEquals(PayloadMode.SIGNED, v.payloadMode());
        // SHA-256 of "Welcome to Amazon S3." as printed on the page.
        assertEquals("44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072",
                SigV4Crypto.hex(v.payloadSha256()));
    }

    @Test
    void getBucketLifecycleWithValuelessParameter() {
        assertEquals(PayloadMode.SIGNED, verifier.verify(AwsExamples.getLifecycle().build()).payloadMode());
    }

    @Test
    void listObjectsWithSortedQuery() {
        verifier.verify(AwsExamples.listObjects().build());
    }

    @Test
    void listObjectsQueryOrderOnTheWireDoesNotMatter() {
        verifier.verify(AwsExamples.listObjects().query("prefix=J&max-keys=2").build());
    }

    @Test
    void presignedGetIsUnsignedPayload() {
        VerifiedRequest v = verifier.verify(AwsExamples.presignedGet().build());
        assertEquals(PayloadMode.UNSIGNED, v.payloadMode());
        assertNull(v.payloadSha256());
    }

    @Test
    void presignedGetStillValidJustBeforeExpiry() {
        verifier.verify(AwsExamples.presignedGet().at(AwsExamples.EXAMPLE_TIME.plusSeconds(86400)).build());
    }

    @Test
    void chunkedUploadSeedSignatureVerifiesAndStartsTheChain() {
        VerifiedRequest v = verifier.verify(AwsExamples.chunkedPut().build());
        assertEquals(PayloadMode.STREAMING_SIGNED, v.payloadMode());
        assertNotNull(v.chunkSigner());
        assertEquals(AwsExamples.CHUNKED_SEED, v.chunkSigner().seedSignature());
        assertEquals("20130524/us-east-1/s3/aws4_request", v.chunkSigner().scope());
        assertEquals("20130524T000000Z", v.chunkSigner().amzDate());
    }

    @Test
    void trailerUploadSeedSignature() {
        VerifiedRequest v = verifier.verify(AwsExamples.chunkedPutWithTrailer().build());
        assertEquals(PayloadMode.STREAMING_SIGNED_TRAILER, v.payloadMode());
        assertEquals(AwsExamples.TRAILER_SEED, v.chunkSigner().seedSignature());
    }

    @Test
    void unsignedTrailerUploadHasNoChunkChain() {
        VerifiedRequest v = verifier.verify(AwsExamples.unsignedTrailerPut().build());
        assertEquals(PayloadMode.STREAMING_UNSIGNED_TRAILER, v.payloadMode());
        assertNull(v.chunkSigner());
    }

    @Test
    void headerNamesInAnyCaseAreAccepted() {
        AwsExamples.Req r = AwsExamples.getObject();
        SignedRequest base = r.build();
        java.util.Map<String, java.util.List<String>> upper = new java.util.LinkedHashMap<>();
        base.headers().forEach((k, v) -> upper.put(k.toUpperCase(java.util.Locale.ROOT), v));
        verifier.verify(SignedRequest.of("GET", "/test.txt", null, upper, base.receivedAt()));
    }

    @Test
    void authorizationWithSpacesAfterCommasAsInTheDocs() {
        verifier.verify(AwsExamples.getObject().without("authorization").header("authorization",
                "AWS4-HMAC-SHA256 Credential=" + AwsExamples.CREDENTIAL
                        + ", SignedHeaders=host;range;x-amz-content-sha256;x-amz-date,  "
                        + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41").build());
    }
}
