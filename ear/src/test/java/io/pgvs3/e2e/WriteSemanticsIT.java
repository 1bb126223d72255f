package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.util.Base64;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** What S3 promises about writes: nothing half-written or unverified is ever visible, conditions hold across gateways. */
@ExtendWith(Stack.class)
class WriteSemanticsIT {

    @RegisterExtension
    static final TwoGateways GATEWAYS = new TwoGateways("writes");
    private static final String BUCKET = GATEWAYS.bucket();

    @Test
    void aClientThatDropsMidBodyPublishesNothingAndKeepsTheOldObject() throws Exception {
        Scrape before = Scrape.of(Stack.adminEndpoint(0));
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("dropped"), RequestBody.fromString("old"));
        // a PUT is counted just after its answer is sent: waiting for this one keeps the dropped PUTs apart
        Scrape answered = awaitPutsAnswered(before, "operation=PutObject", "status=200");
        int declared = 4 * 1024 * 1024;
        answered = dropMidBody("/" + BUCKET + "/dropped", declared, declared / 2, answered);
        assertEquals("old", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("dropped")).asUtf8String());
        dropMidBody("/" + BUCKET + "/never", declared, 1000, answered);
        assertThrows(NoSuchKeyException.class, () -> GATEWAYS.second().headObject(b -> b.bucket(BUCKET).key("never")));
    }

    /**
     * Sends a correctly signed UNSIGNED-PAYLOAD PUT to gateway 1 that declares {@code declared} body bytes,
     * hangs up after {@code sent} of them, and returns once gateway 1 has answered it (counted it).
     */
    private static Scrape dropMidBody(String path, int declared, int sent, Scrape before) throws Exception {
        URI endpoint = URI.create(Stack.s3Endpoint(0));
        SignedRawRequest.put(endpoint, path, declared).sendAndHangUp(endpoint, new byte[sent]);
        return awaitPutsAnswered(before, "operation=PutObject");
    }

    /** Scrapes gateway 1 until its count of PutObject answers with {@code labels} differs from {@code before}. */
    private static Scrape awaitPutsAnswered(Scrape before, String... labels) throws Exception {
        Scrape after = Scrape.awaitChange(Stack.adminEndpoint(0), before, "pgvs3_requests_total", labels);
        assertNotEquals(before.value("pgvs3_requests_total", labels), after.value("pgvs3_requests_total", labels),
                "gateway 1 never counted the PUT's answer " + String.join(", ", labels));
        return after;
    }

    @Test
    void aWrongContentMd5IsBadDigestAndTheOldObjectStays() {
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("digest"), RequestBody.fromString("kept"));
        String wrongMd5 = Base64.getEncoder().encodeToString(new byte[16]);
        S3Exception error = assertThrows(S3Exception.class, () -> GATEWAYS.first().putObject(
                b -> b.bucket(BUCKET).key("digest").contentMD5(wrongMd5), RequestBody.fromBytes(new byte[200_000])));
        assertEquals(400, error.statusCode());
        assertEquals("BadDigest", error.awsErrorDetails().errorCode());
        assertEquals("kept", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("digest")).asUtf8String());
    }

    @Test
    void createOnlyWritesHoldAcrossGateways() {
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("once").ifNoneMatch("*"), RequestBody.fromString("winner"));
        S3Exception error = assertThrows(S3Exception.class, () -> GATEWAYS.second().putObject(
                b -> b.bucket(BUCKET).key("once").ifNoneMatch("*"), RequestBody.fromString("loser")));
        assertEquals(412, error.statusCode());
        assertEquals("PreconditionFailed", error.awsErrorDetails().errorCode());
        assertEquals("winner", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("once")).asUtf8String());
    }

    @Test
    void ifMatchReplacesOnlyTheExpectedVersion() {
        String etag = GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key("cas"), RequestBody.fromString("v1")).eTag();
        GATEWAYS.second().putObject(b -> b.bucket(BUCKET).key("cas").ifMatch(etag), RequestBody.fromString("v2"));
        S3Exception error = assertThrows(S3Exception.class, () -> GATEWAYS.first().putObject(
                b -> b.bucket(BUCKET).key("cas").ifMatch(etag), RequestBody.fromString("v3")));
        assertEquals(412, error.statusCode());
        assertTrue(GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("cas")).asUtf8String().equals("v2"));
    }

    /** Issue 9: ETag conditions other than {@code If-None-Match: *} were answered 501. */
    @Test
    void ifNoneMatchAnEtagAndIfMatchAnyAreDecidedAsS3Does() {
        String key = "etag-conditions";
        S3Exception missing = assertThrows(S3Exception.class, () -> GATEWAYS.first().putObject(
                b -> b.bucket(BUCKET).key(key).ifMatch("*"), RequestBody.fromString("nothing to replace")));
        assertEquals(404, missing.statusCode());
        assertEquals("NoSuchKey", missing.awsErrorDetails().errorCode());
        String etag = GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key(key).ifNoneMatch("\"0123456789abcdef0123456789abcdef\""),
                RequestBody.fromString("v1")).eTag();
        S3Exception same = assertThrows(S3Exception.class, () -> GATEWAYS.second().putObject(
                b -> b.bucket(BUCKET).key(key).ifNoneMatch(etag), RequestBody.fromString("v2")));
        assertEquals(412, same.statusCode());
        GATEWAYS.second().putObject(b -> b.bucket(BUCKET).key(key).ifMatch("*"), RequestBody.fromString("v3"));
        assertEquals("v3", GATEWAYS.first().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asUtf8String());
    }

    @Test
    void completeMultipartUploadWithIfMatchAnyNeedsAnObject() {
        String key = "complete-if-match-any";
        String upload = GATEWAYS.first().createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
        String part = GATEWAYS.first().uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1),
                RequestBody.fromString("only part")).eTag();
        S3Exception missing = assertThrows(S3Exception.class, () -> GATEWAYS.second().completeMultipartUpload(
                b -> b.bucket(BUCKET).key(key).uploadId(upload).ifMatch("*")
                        .multipartUpload(m -> m.parts(p -> p.partNumber(1).eTag(part)))));
        assertEquals(404, missing.statusCode());
        GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromString("v1"));
        GATEWAYS.second().completeMultipartUpload(b -> b.bucket(BUCKET).key(key).uploadId(upload).ifMatch("*")
                .multipartUpload(m -> m.parts(p -> p.partNumber(1).eTag(part))));
        assertEquals("only part", GATEWAYS.first().getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asUtf8String());
    }
}
