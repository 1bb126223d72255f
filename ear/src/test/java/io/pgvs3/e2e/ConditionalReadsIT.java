package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.HeadObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.presigner.S3Presigner;

/** GET/HEAD conditionals, conditional DeleteObject, response-* overrides and the standard headers S3 keeps. */
@ExtendWith(Stack.class)
class ConditionalReadsIT {

    private static final String BUCKET = Clients.bucket("conditional");
    private static final Pattern HTTP_DATE = Pattern.compile("[A-Z][a-z]{2}, \\d{2} [A-Z][a-z]{2} \\d{4} \\d{2}:\\d{2}:\\d{2} GMT");
    private static S3Client first;
    private static S3Client second;
    private static String etag;
    private static Instant lastModified;

    @BeforeAll
    static void createBucket() {
        first = Clients.s3(0);
        second = Clients.s3(1);
        first.createBucket(b -> b.bucket(BUCKET));
        etag = first.putObject(b -> b.bucket(BUCKET).key("k"), RequestBody.fromString("0123456789")).eTag();
        lastModified = second.headObject(b -> b.bucket(BUCKET).key("k")).lastModified();
    }

    @AfterAll
    static void close() {
        first.close();
        second.close();
    }

    @Test
    void ifNoneMatchAndIfModifiedSinceAnswer304() {
        S3Exception get = assertThrows(S3Exception.class,
                () -> second.getObjectAsBytes(b -> b.bucket(BUCKET).key("k").ifNoneMatch(etag)));
        assertEquals(304, get.statusCode());
        assertEquals(304, assertThrows(S3Exception.class,
                () -> second.headObject(b -> b.bucket(BUCKET).key("k").ifNoneMatch("*"))).statusCode());
        assertEquals(304, assertThrows(S3Exception.class, () -> second.headObject(b -> b.bucket(BUCKET).key("k")
                .ifModifiedSince(lastModified))).statusCode());
        // If-None-Match fails (ETag differs): If-Modified-Since is not consulted
        assertEquals("0123456789", second.getObjectAsBytes(b -> b.bucket(BUCKET).key("k").ifNoneMatch("\"other\"")
                .ifModifiedSince(lastModified)).asUtf8String());
        assertEquals("0123456789", second.getObjectAsBytes(b -> b.bucket(BUCKET).key("k")
                .ifModifiedSince(lastModified.minusSeconds(5))).asUtf8String());
    }

    @Test
    void notModifiedCarriesValidatorsAndNoBody() throws Exception {
        S3Presigner presigner = Clients.presigner(0);
        URI url = presigner.presignGetObject(p -> p.signatureDuration(Duration.ofMinutes(5))
                .getObjectRequest(b -> b.bucket(BUCKET).key("k").ifNoneMatch(etag))).url().toURI();
        HttpResponse<String> response = HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(url)
                .header("If-None-Match", etag).GET().build(), HttpResponse.BodyHandlers.ofString());
        assertEquals(304, response.statusCode());
        assertEquals(etag, response.headers().firstValue("ETag").orElseThrow());
        assertTrue(HTTP_DATE.matcher(response.headers().firstValue("Last-Modified").orElseThrow()).matches());
        assertEquals("", response.body());
    }

    @Test
    void ifMatchAndIfUnmodifiedSinceAnswer412() {
        S3Exception get = assertThrows(S3Exception.class,
                () -> second.getObjectAsBytes(b -> b.bucket(BUCKET).key("k").ifMatch("\"0000\"")));
        assertEquals(412, get.statusCode());
        assertEquals("PreconditionFailed", get.awsErrorDetails().errorCode());
        assertEquals(412, assertThrows(S3Exception.class, () -> second.headObject(b -> b.bucket(BUCKET).key("k")
                .ifUnmodifiedSince(lastModified.minusSeconds(60)))).statusCode());
        // S3: If-Match true and If-Unmodified-Since false => 200 and the data
        assertEquals("0123456789", second.getObjectAsBytes(b -> b.bucket(BUCKET).key("k").ifMatch(etag)
                .ifUnmodifiedSince(lastModified.minusSeconds(60))).asUtf8String());
        // 412 wins over 304
        assertEquals(412, assertThrows(S3Exception.class, () -> second.getObjectAsBytes(b -> b.bucket(BUCKET).key("k")
                .ifMatch("\"0000\"").ifNoneMatch(etag))).statusCode());
        // a missing key is 404 whatever the conditions
        assertThrows(NoSuchKeyException.class, () -> second.getObjectAsBytes(b -> b.bucket(BUCKET).key("nope").ifMatch(etag)));
    }

    @Test
    void conditionalDeleteObject() {
        String key = "del";
        String tag = first.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromString("x")).eTag();
        S3Exception mismatch = assertThrows(S3Exception.class,
                () -> second.deleteObject(b -> b.bucket(BUCKET).key(key).ifMatch("\"ffffffffffffffffffffffffffffffff\"")));
        assertEquals(412, mismatch.statusCode());
        assertEquals("x", first.getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asUtf8String());
        second.deleteObject(b -> b.bucket(BUCKET).key(key).ifMatch(tag));
        S3Exception missing = assertThrows(S3Exception.class,
                () -> second.deleteObject(b -> b.bucket(BUCKET).key(key).ifMatch("*")));
        assertEquals(404, missing.statusCode());
        assertEquals("NoSuchKey", missing.awsErrorDetails().errorCode());
        second.deleteObject(b -> b.bucket(BUCKET).key(key));
    }

    @Test
    void storedHeadersAndResponseOverrides() {
        String expires = "Thu, 01 Dec 2044 16:00:00 GMT";
        byte[] gzipped = {0x1f, (byte) 0x8b, 8, 0, 0, 0, 0, 0, 0, 3, 3, 0, 0, 0, 0, 0, 0, 0, 0, 0};
        first.putObject(b -> b.bucket(BUCKET).key("h").contentType("text/plain").cacheControl("max-age=60")
                .contentDisposition("attachment; filename=\"a.txt\"").contentEncoding("gzip").contentLanguage("de-CH")
                .expires(Instant.parse("2044-12-01T16:00:00Z")), RequestBody.fromBytes(gzipped));

        ResponseBytes<GetObjectResponse> got = second.getObjectAsBytes(b -> b.bucket(BUCKET).key("h"));
        assertArrayEquals(gzipped, got.asByteArray(), "the body is stored as sent");
        GetObjectResponse r = got.response();
        assertEquals("max-age=60", r.cacheControl());
        assertEquals("attachment; filename=\"a.txt\"", r.contentDisposition());
        assertEquals("gzip", r.contentEncoding());
        assertEquals("de-CH", r.contentLanguage());
        assertEquals(expires, r.expiresString());

        GetObjectResponse overridden = second.getObjectAsBytes(b -> b.bucket(BUCKET).key("h")
                .responseContentType("application/json").responseCacheControl("no-cache")
                .responseContentDisposition("inline").responseContentEncoding("identity")
                .responseContentLanguage("fr").responseExpires(Instant.parse("2030-01-01T00:00:00Z"))).response();
        assertEquals("application/json", overridden.contentType());
        assertEquals("no-cache", overridden.cacheControl());
        assertEquals("inline", overridden.contentDisposition());
        assertEquals("identity", overridden.contentEncoding());
        assertEquals("fr", overridden.contentLanguage());
        assertEquals("Tue, 01 Jan 2030 00:00:00 GMT", overridden.expiresString());
        assertEquals("no-cache", second.headObject(b -> b.bucket(BUCKET).key("h").responseCacheControl("no-cache"))
                .cacheControl());
    }

    @Test
    void aChunkedUploadDoesNotStoreAwsChunkedAsItsEncoding() {
        first.putObject(b -> b.bucket(BUCKET).key("plain-encoding").checksumAlgorithm("CRC32"),
                RequestBody.fromString("abc"));
        assertNull(second.headObject(b -> b.bucket(BUCKET).key("plain-encoding")).contentEncoding());
    }

    @Test
    void headWithRangeAndHeaderFormats() throws Exception {
        HeadObjectResponse head = second.headObject(b -> b.bucket(BUCKET).key("k").range("bytes=2-5"));
        assertEquals(4L, head.contentLength());
        assertEquals("bytes 2-5/10", head.contentRange());
        assertEquals("bytes", head.acceptRanges());

        S3Presigner presigner = Clients.presigner(1);
        URI url = presigner.presignHeadObject(p -> p.signatureDuration(Duration.ofMinutes(5))
                .headObjectRequest(b -> b.bucket(BUCKET).key("k"))).url().toURI();
        HttpResponse<Void> response = HttpClient.newHttpClient().send(java.net.http.HttpRequest.newBuilder(url)
                .method("HEAD", java.net.http.HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.discarding());
        Map<String, java.util.List<String>> headers = response.headers().map();
        String lastModifiedHeader = response.headers().firstValue("Last-Modified").orElseThrow();
        assertTrue(HTTP_DATE.matcher(lastModifiedHeader).matches(), lastModifiedHeader);
        assertEquals(DateTimeFormatter.RFC_1123_DATE_TIME.withLocale(Locale.US).withZone(ZoneOffset.UTC)
                .parse(lastModifiedHeader, Instant::from), lastModified);
        String date = response.headers().firstValue("Date").orElseThrow(() -> new AssertionError("no Date: " + headers));
        assertTrue(HTTP_DATE.matcher(date).matches(), date);
    }
}
