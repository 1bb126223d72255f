package io.pgvs3.e2e.conformance;

import static io.pgvs3.e2e.conformance.RawS3.request;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.e2e.Stack;
import io.pgvs3.e2e.conformance.RawS3.Outcome;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;
import software.amazon.awssdk.auth.credentials.AwsBasicCredentials;
import software.amazon.awssdk.auth.credentials.StaticCredentialsProvider;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.regions.Region;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.S3Configuration;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.S3Response;

/**
 * Conformance cases written from the Amazon S3 API reference (https://docs.aws.amazon.com/AmazonS3/latest/API/):
 * one case per documented example and per documented error a client can trigger against a single-tenant
 * gateway. Each case names the operation and the documented behaviour and cites its page; it sends the
 * request through the AWS SDK for Java v2 where the SDK can express it, otherwise as a hand-signed SigV4
 * request ({@link RawS3}), and asserts the HTTP status, the error {@code <Code>} and the key headers / XML
 * elements. Where pgvs3 knowingly differs from the documentation the case is listed in
 * {@link #KNOWN_DEVIATIONS} with the reason and asserts what pgvs3 does today, so that a fix (or a
 * regression) makes it fail. The pass list is in docs/s3-compatibility.md, "Conformance cases".
 */
@ExtendWith(Stack.class)
class ConformanceIT {

    private static final String API = "https://docs.aws.amazon.com/AmazonS3/latest/API/";
    private static final String BUCKET = "conf-" + Long.toHexString(System.nanoTime());
    private static final String CONTENT = "0123456789";
    private static final Pattern ETAG = Pattern.compile("\"[0-9a-f]{32}\"");
    /** IMF-fixdate (RFC 9110 5.6.7): the day is two digits, unlike RFC_1123_DATE_TIME's "1 Dec". */
    private static final DateTimeFormatter HTTP_DATE =
            DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss 'GMT'", Locale.US).withZone(ZoneOffset.UTC);

    /**
     * Cases where pgvs3 deviates from the documented behaviour: the case name, what pgvs3 answers instead
     * (asserted, so a change is noticed) and why.
     */
    static final Map<String, Deviation> KNOWN_DEVIATIONS = Map.of();

    /** What pgvs3 answers instead of the documented result; {@code check} (may be null) holds further assertions. */
    record Deviation(int status, String code, Check check, String reason) {
    }

    @FunctionalInterface
    interface Action {
        Outcome run() throws Exception;
    }

    @FunctionalInterface
    interface Check {
        void verify(Outcome outcome) throws Exception;
    }

    /** One documented behaviour: {@code code} null means no error body is expected/checked. */
    record Case(String operation, String behaviour, String doc, Action action, int status, String code, Check check) {
        String name() {
            return operation + ": " + behaviour;
        }

        @Override
        public String toString() {
            return name();
        }
    }

    private static S3Client s3;
    private static String objectEtag;
    private static Instant objectLastModified;
    private static String listedUploadId;

    @BeforeAll
    static void fixtures() throws Exception {
        s3 = S3Client.builder()
                .endpointOverride(URI.create(Stack.s3Endpoint(0)))
                .region(Region.US_EAST_1)
                .credentialsProvider(StaticCredentialsProvider.create(AwsBasicCredentials.create(Stack.accessKey(), Stack.secretKey())))
                .serviceConfiguration(S3Configuration.builder().pathStyleAccessEnabled(true).build())
                .httpClientBuilder(ApacheHttpClient.builder().socketTimeout(Duration.ofMinutes(2)))
                .overrideConfiguration(c -> c.retryStrategy(r -> r.maxAttempts(1)))
                .build();
        s3.createBucket(b -> b.bucket(BUCKET));
        objectEtag = request("PUT", "/" + BUCKET + "/obj").header("Content-Type", "text/plain").body(CONTENT).send().header("ETag");
        objectLastModified = s3.headObject(b -> b.bucket(BUCKET).key("obj")).lastModified();
        // the keys of the ListObjects / ListObjectsV2 examples
        for (String key : List.of("sample.jpg", "photos/2006/January/sample.jpg", "photos/2006/February/sample2.jpg",
                "photos/2006/February/sample3.jpg", "photos/2006/February/sample4.jpg", "enc/a b.txt")) {
            s3.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromString(key));
        }
        listedUploadId = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mpu/listed")).uploadId();
        for (int part = 1; part <= 2; part++) {
            int n = part;
            s3.uploadPart(b -> b.bucket(BUCKET).key("mpu/listed").uploadId(listedUploadId).partNumber(n),
                    RequestBody.fromString("part " + n));
        }
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void conformsToTheApiReference(Case c) throws Exception {
        Outcome outcome = c.action().run();
        Deviation deviation = KNOWN_DEVIATIONS.get(c.name());
        if (deviation != null) {
            assertEquals(deviation.status(), outcome.status(), () -> "known deviation changed (" + deviation.reason() + "): " + outcome);
            assertEquals(deviation.code(), outcome.code(), () -> "known deviation changed (" + deviation.reason() + "): " + outcome);
            if (deviation.check() != null) {
                deviation.check().verify(outcome);
            }
            return;
        }
        assertEquals(c.status(), outcome.status(), () -> c.doc() + "\n" + outcome);
        if (c.code() != null) {
            assertEquals(c.code(), outcome.code(), () -> c.doc() + "\n" + outcome);
        }
        if (c.check() != null) {
            c.check().verify(outcome);
        }
    }

    // ---------------------------------------------------------------------------------------------------------
    // the cases

    static Stream<Case> cases() {
        List<Case> all = new ArrayList<>();

        // ListBuckets — API_ListBuckets.html
        all.add(ok("ListBuckets", "200 ListAllMyBucketsResult with Owner and the bucket", "API_ListBuckets.html",
                () -> request("GET", "/").send(), 200,
                o -> has(o, "<ListAllMyBucketsResult", "<Owner>", "<Buckets>", "<Name>" + BUCKET + "</Name>", "<CreationDate>")));

        // CreateBucket — API_CreateBucket.html, bucket naming rules
        all.add(err("CreateBucket", "upper case name is 400 InvalidBucketName", "API_CreateBucket.html",
                () -> request("PUT", "/Conf-Upper-Case").send(), 400, "InvalidBucketName"));
        all.add(err("CreateBucket", "two-character name is 400 InvalidBucketName", "API_CreateBucket.html",
                () -> request("PUT", "/ab").send(), 400, "InvalidBucketName"));
        all.add(err("CreateBucket", "IP-address-formatted name is 400 InvalidBucketName", "API_CreateBucket.html",
                () -> request("PUT", "/192.168.5.4").send(), 400, "InvalidBucketName"));
        all.add(ok("CreateBucket", "bucket you already own is 200 in us-east-1", "API_CreateBucket.html",
                () -> request("PUT", "/" + BUCKET).send(), 200, null));
        all.add(ok("CreateBucket", "new bucket is 200 with Location header", "API_CreateBucket.html",
                () -> request("PUT", "/" + BUCKET + "-new").send(), 200,
                o -> assertEquals("/" + BUCKET + "-new", o.header("Location"), o.toString())));

        // HeadBucket — API_HeadBucket.html
        all.add(ok("HeadBucket", "existing bucket is 200 with x-amz-bucket-region", "API_HeadBucket.html",
                () -> request("HEAD", "/" + BUCKET).send(), 200,
                o -> assertEquals("us-east-1", o.header("x-amz-bucket-region"), o.toString())));
        all.add(ok("HeadBucket", "missing bucket is 404 without a body", "API_HeadBucket.html",
                () -> request("HEAD", "/" + BUCKET + "-missing").send(), 404, o -> assertEquals("", o.body())));

        // DeleteBucket — API_DeleteBucket.html
        all.add(err("DeleteBucket", "non-empty bucket is 409 BucketNotEmpty", "API_DeleteBucket.html",
                () -> sdk(() -> s3.deleteBucket(b -> b.bucket(BUCKET))), 409, "BucketNotEmpty"));
        all.add(err("DeleteBucket", "missing bucket is 404 NoSuchBucket", "API_DeleteBucket.html",
                () -> sdk(() -> s3.deleteBucket(b -> b.bucket(BUCKET + "-missing"))), 404, "NoSuchBucket"));
        all.add(ok("DeleteBucket", "empty bucket is 204 No Content", "API_DeleteBucket.html", () -> {
            s3.createBucket(b -> b.bucket(BUCKET + "-gone"));
            return request("DELETE", "/" + BUCKET + "-gone").send();
        }, 204, null));

        // GetBucketLocation — API_GetBucketLocation.html
        all.add(ok("GetBucketLocation", "us-east-1 bucket has an empty LocationConstraint", "API_GetBucketLocation.html",
                () -> request("GET", "/" + BUCKET).query("location", "").send(), 200,
                o -> assertTrue(o.body().matches("(?s).*<LocationConstraint[^>]*(/>|></LocationConstraint>).*"), o.toString())));
        all.add(err("GetBucketLocation", "missing bucket is 404 NoSuchBucket", "API_GetBucketLocation.html",
                () -> request("GET", "/" + BUCKET + "-missing").query("location", "").send(), 404, "NoSuchBucket"));

        // ListObjects (V1) — API_ListObjects.html
        all.add(ok("ListObjects", "example: prefix photos/2006/ and delimiter / roll up CommonPrefixes", "API_ListObjects.html",
                () -> request("GET", "/" + BUCKET).query("prefix", "photos/2006/").query("delimiter", "/").send(), 200,
                o -> {
                    has(o, "<ListBucketResult", "<Name>" + BUCKET + "</Name>", "<Prefix>photos/2006/</Prefix>", "<Delimiter>/</Delimiter>",
                            "<IsTruncated>false</IsTruncated>",
                            "<CommonPrefixes><Prefix>photos/2006/February/</Prefix></CommonPrefixes>",
                            "<CommonPrefixes><Prefix>photos/2006/January/</Prefix></CommonPrefixes>");
                    assertTrue(!o.body().contains("<Contents>"), o.body());
                }));
        all.add(ok("ListObjects", "max-keys truncates and marker resumes", "API_ListObjects.html",
                () -> request("GET", "/" + BUCKET).query("prefix", "photos/").query("max-keys", "1")
                        .query("marker", "photos/2006/February/sample2.jpg").send(), 200,
                o -> has(o, "<Marker>photos/2006/February/sample2.jpg</Marker>", "<MaxKeys>1</MaxKeys>", "<IsTruncated>true</IsTruncated>",
                        "<Key>photos/2006/February/sample3.jpg</Key>", "<ETag>", "<Size>", "<StorageClass>STANDARD</StorageClass>")));
        all.add(err("ListObjects", "missing bucket is 404 NoSuchBucket", "API_ListObjects.html",
                () -> request("GET", "/" + BUCKET + "-missing").send(), 404, "NoSuchBucket"));

        // ListObjectsV2 — API_ListObjectsV2.html
        all.add(ok("ListObjectsV2", "example: prefix and delimiter give CommonPrefixes and KeyCount", "API_ListObjectsV2.html",
                () -> request("GET", "/" + BUCKET).query("list-type", "2").query("prefix", "photos/2006/").query("delimiter", "/").send(), 200,
                o -> has(o, "<ListBucketResult", "<Name>" + BUCKET + "</Name>", "<Prefix>photos/2006/</Prefix>", "<KeyCount>2</KeyCount>",
                        "<MaxKeys>1000</MaxKeys>", "<Delimiter>/</Delimiter>", "<IsTruncated>false</IsTruncated>",
                        "<Prefix>photos/2006/February/</Prefix>", "<Prefix>photos/2006/January/</Prefix>")));
        all.add(ok("ListObjectsV2", "example: max-keys truncates with NextContinuationToken", "API_ListObjectsV2.html",
                () -> request("GET", "/" + BUCKET).query("list-type", "2").query("prefix", "photos/").query("max-keys", "3").send(), 200,
                o -> has(o, "<KeyCount>3</KeyCount>", "<MaxKeys>3</MaxKeys>", "<IsTruncated>true</IsTruncated>", "<NextContinuationToken>",
                        "<Key>photos/2006/February/sample2.jpg</Key>", "<LastModified>", "<ETag>", "<Size>", "<StorageClass>")));
        all.add(ok("ListObjectsV2", "example: continuation-token resumes and is echoed", "API_ListObjectsV2.html", () -> {
            Outcome first = request("GET", "/" + BUCKET).query("list-type", "2").query("prefix", "photos/").query("max-keys", "3").send();
            String token = element(first.body(), "NextContinuationToken");
            Outcome next = request("GET", "/" + BUCKET).query("list-type", "2").query("prefix", "photos/").query("max-keys", "3")
                    .query("continuation-token", token).send();
            assertTrue(next.body().contains("<ContinuationToken>" + token + "</ContinuationToken>"), next.body());
            return next;
        }, 200, o -> has(o, "<KeyCount>1</KeyCount>", "<Key>photos/2006/January/sample.jpg</Key>", "<IsTruncated>false</IsTruncated>")));
        all.add(ok("ListObjectsV2", "start-after skips keys and is echoed", "API_ListObjectsV2.html",
                () -> request("GET", "/" + BUCKET).query("list-type", "2").query("prefix", "photos/")
                        .query("start-after", "photos/2006/February/sample4.jpg").send(), 200,
                o -> has(o, "<StartAfter>photos/2006/February/sample4.jpg</StartAfter>", "<KeyCount>1</KeyCount>",
                        "<Key>photos/2006/January/sample.jpg</Key>")));
        all.add(ok("ListObjectsV2", "fetch-owner=true returns Owner", "API_ListObjectsV2.html",
                () -> request("GET", "/" + BUCKET).query("list-type", "2").query("prefix", "sample").query("fetch-owner", "true").send(), 200,
                o -> has(o, "<Key>sample.jpg</Key>", "<Owner>", "<ID>")));
        all.add(ok("ListObjectsV2", "encoding-type=url encodes keys and says so", "API_ListObjectsV2.html",
                () -> request("GET", "/" + BUCKET).query("list-type", "2").query("prefix", "enc/").query("encoding-type", "url").send(), 200,
                o -> {
                    has(o, "<EncodingType>url</EncodingType>", "<Key>enc/a");
                    assertTrue(!o.body().contains("<Key>enc/a b.txt</Key>"), o.body());
                }));
        all.add(err("ListObjectsV2", "negative max-keys is 400 InvalidArgument", "API_ListObjectsV2.html",
                () -> request("GET", "/" + BUCKET).query("list-type", "2").query("max-keys", "-1").send(), 400, "InvalidArgument"));
        all.add(err("ListObjectsV2", "unknown encoding-type is 400 InvalidArgument", "API_ListObjectsV2.html",
                () -> request("GET", "/" + BUCKET).query("list-type", "2").query("encoding-type", "base64").send(), 400, "InvalidArgument"));
        all.add(err("ListObjectsV2", "missing bucket is 404 NoSuchBucket", "API_ListObjectsV2.html",
                () -> sdk(() -> s3.listObjectsV2(b -> b.bucket(BUCKET + "-missing"))), 404, "NoSuchBucket"));

        // PutObject — API_PutObject.html, ErrorResponses.html
        all.add(ok("PutObject", "200 with the quoted MD5 as ETag", "API_PutObject.html",
                () -> request("PUT", "/" + BUCKET + "/put/plain").body("hello").send(), 200,
                o -> assertEquals("\"" + md5Hex("hello") + "\"", o.header("ETag"), o.toString())));
        all.add(err("PutObject", "Content-MD5 of other bytes is 400 BadDigest", "ErrorResponses.html#BadDigest",
                () -> request("PUT", "/" + BUCKET + "/put/bad-digest").header("Content-MD5", md5Base64("other")).body("hello").send(),
                400, "BadDigest"));
        all.add(err("PutObject", "Content-MD5 that is not a base64 MD5 is 400 InvalidDigest", "ErrorResponses.html#InvalidDigest",
                () -> request("PUT", "/" + BUCKET + "/put/invalid-digest").header("Content-MD5", "not-an-md5").body("hello").send(),
                400, "InvalidDigest"));
        // issue 21: a value that is not base64 of a SHA-256 is refused as S3 refuses it (InvalidRequest, as the
        // AWS SDKs' own tests against S3 expect); BadDigest is for a well-formed value that does not match
        all.add(err("PutObject", "x-amz-checksum-sha256 that is not base64 of 32 bytes is 400 InvalidRequest",
                "API_PutObject.html", () -> request("PUT", "/" + BUCKET + "/put/bad-checksum").header("x-amz-checksum-sha256", "bad")
                        .body("hello").send(), 400, "InvalidRequest",
                o -> has(o, "<Message>Value for x-amz-checksum-sha256 header is invalid.</Message>")));
        all.add(err("PutObject", "key over 1024 bytes is 400 KeyTooLongError", "ErrorResponses.html#KeyTooLongError",
                () -> request("PUT", "/" + BUCKET + "/" + "k".repeat(1025)).body("x").send(), 400, "KeyTooLongError"));
        all.add(err("PutObject", "user metadata over 2 KB is 400 MetadataTooLarge", "ErrorResponses.html#MetadataTooLarge",
                () -> request("PUT", "/" + BUCKET + "/put/meta").header("x-amz-meta-big", "m".repeat(2100)).body("x").send(),
                400, "MetadataTooLarge"));
        all.add(err("PutObject", "no Content-Length (chunked) is 411 MissingContentLength", "ErrorResponses.html#MissingContentLength",
                () -> request("PUT", "/" + BUCKET + "/put/chunked").body("hello").withoutContentLength().send(), 411, "MissingContentLength"));
        all.add(err("PutObject", "If-None-Match * on an existing key is 412 PreconditionFailed", "API_PutObject.html",
                () -> sdk(() -> s3.putObject(b -> b.bucket(BUCKET).key("obj").ifNoneMatch("*"), RequestBody.fromString("x"))),
                412, "PreconditionFailed"));
        all.add(err("PutObject", "If-Match with another ETag is 412 PreconditionFailed", "API_PutObject.html",
                () -> sdk(() -> s3.putObject(b -> b.bucket(BUCKET).key("obj").ifMatch("\"" + "0".repeat(32) + "\""), RequestBody.fromString("x"))),
                412, "PreconditionFailed"));
        all.add(err("PutObject", "missing bucket is 404 NoSuchBucket", "API_PutObject.html",
                () -> sdk(() -> s3.putObject(b -> b.bucket(BUCKET + "-missing").key("k"), RequestBody.fromString("x"))), 404, "NoSuchBucket"));
        all.add(ok("PutObject", "x-amz-meta-* is stored and returned by HeadObject", "API_PutObject.html", () -> {
            request("PUT", "/" + BUCKET + "/put/with-meta").header("x-amz-meta-color", "blue").body("x").send();
            return request("HEAD", "/" + BUCKET + "/put/with-meta").send();
        }, 200, o -> assertEquals("blue", o.header("x-amz-meta-color"), o.toString())));

        // GetObject — API_GetObject.html
        all.add(ok("GetObject", "200 with body, Content-Length, ETag, Last-Modified, Content-Type", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").send(), 200, o -> {
                    assertEquals(CONTENT, o.body());
                    assertEquals("10", o.header("Content-Length"));
                    assertEquals(objectEtag, o.header("ETag"));
                    assertEquals(HTTP_DATE.format(objectLastModified), o.header("Last-Modified"));
                }));
        all.add(ok("GetObject", "Content-Type is returned as stored", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").send(), 200, o -> assertEquals("text/plain", o.header("Content-Type"), o.toString())));
        all.add(ok("GetObject", "Range bytes=0-3 is 206 with Content-Range", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").header("Range", "bytes=0-3").send(), 206, o -> {
                    assertEquals("0123", o.body());
                    assertEquals("bytes 0-3/10", o.header("Content-Range"));
                    assertEquals("4", o.header("Content-Length"));
                }));
        all.add(ok("GetObject", "suffix Range bytes=-3 is the last three bytes", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").header("Range", "bytes=-3").send(), 206, o -> {
                    assertEquals("789", o.body());
                    assertEquals("bytes 7-9/10", o.header("Content-Range"));
                }));
        all.add(err("GetObject", "Range beyond the object is 416 InvalidRange", "ErrorResponses.html#InvalidRange",
                () -> request("GET", "/" + BUCKET + "/obj").header("Range", "bytes=20-30").send(), 416, "InvalidRange"));
        all.add(err("GetObject", "partNumber beyond the object's parts is 416 InvalidPartNumber naming the part and the count",
                "ErrorResponses.html#InvalidPartNumber", () -> request("GET", "/" + BUCKET + "/obj").query("partNumber", "2").send(),
                416, "InvalidPartNumber", o -> has(o, "<Message>The requested partnumber is not satisfiable</Message>",
                        "<PartNumberRequested>2</PartNumberRequested>", "<ActualPartCount>1</ActualPartCount>")));
        all.add(err("GetObject", "If-Match false is 412 PreconditionFailed", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").header("If-Match", "\"" + "0".repeat(32) + "\"").send(), 412, "PreconditionFailed"));
        all.add(err("GetObject", "If-Unmodified-Since before Last-Modified is 412 PreconditionFailed", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").header("If-Unmodified-Since", HTTP_DATE.format(objectLastModified.minusSeconds(3600)))
                        .send(), 412, "PreconditionFailed"));
        all.add(ok("GetObject", "If-None-Match with the ETag is 304 Not Modified without body", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").header("If-None-Match", objectEtag).send(), 304, o -> {
                    assertEquals("", o.body());
                    assertEquals(objectEtag, o.header("ETag"));
                }));
        all.add(ok("GetObject", "If-Modified-Since at Last-Modified is 304 Not Modified", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").header("If-Modified-Since", HTTP_DATE.format(objectLastModified)).send(), 304, null));
        all.add(ok("GetObject", "If-Match true and If-Unmodified-Since false is 200", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").header("If-Match", objectEtag)
                        .header("If-Unmodified-Since", HTTP_DATE.format(objectLastModified.minusSeconds(3600))).send(), 200,
                o -> assertEquals(CONTENT, o.body())));
        all.add(ok("GetObject", "response-content-type and response-content-disposition override headers", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/obj").query("response-content-type", "application/x-test")
                        .query("response-content-disposition", "attachment; filename=\"t.txt\"").send(), 200, o -> {
                    assertEquals("application/x-test", o.header("Content-Type"));
                    assertEquals("attachment; filename=\"t.txt\"", o.header("Content-Disposition"));
                }));
        all.add(err("GetObject", "missing key is 404 NoSuchKey naming the Key", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "/no/such/key").send(), 404, "NoSuchKey",
                o -> has(o, "<Key>no/such/key</Key>")));
        all.add(err("GetObject", "missing bucket is 404 NoSuchBucket", "API_GetObject.html",
                () -> request("GET", "/" + BUCKET + "-missing/obj").send(), 404, "NoSuchBucket"));

        // HeadObject — API_HeadObject.html
        all.add(ok("HeadObject", "200 with the GET headers and no body", "API_HeadObject.html",
                () -> request("HEAD", "/" + BUCKET + "/obj").send(), 200, o -> {
                    assertEquals("10", o.header("Content-Length"));
                    assertEquals(objectEtag, o.header("ETag"));
                    assertNotNull(o.header("Last-Modified"));
                    assertEquals("", o.body());
                }));
        all.add(ok("HeadObject", "missing key is 404 without a body", "API_HeadObject.html",
                () -> request("HEAD", "/" + BUCKET + "/no/such/key").send(), 404, o -> assertEquals("", o.body())));
        all.add(ok("HeadObject", "If-None-Match with the ETag is 304", "API_HeadObject.html",
                () -> sdk(() -> s3.headObject(b -> b.bucket(BUCKET).key("obj").ifNoneMatch(objectEtag))), 304, null));
        all.add(ok("HeadObject", "If-Match false is 412", "API_HeadObject.html",
                () -> request("HEAD", "/" + BUCKET + "/obj").header("If-Match", "\"" + "0".repeat(32) + "\"").send(), 412, null));

        // DeleteObject — API_DeleteObject.html
        all.add(ok("DeleteObject", "existing key is 204 and the key is gone", "API_DeleteObject.html", () -> {
            s3.putObject(b -> b.bucket(BUCKET).key("del/one"), RequestBody.fromString("x"));
            Outcome deleted = request("DELETE", "/" + BUCKET + "/del/one").send();
            assertEquals(404, request("HEAD", "/" + BUCKET + "/del/one").send().status());
            return deleted;
        }, 204, null));
        all.add(ok("DeleteObject", "missing key is 204 as well", "API_DeleteObject.html",
                () -> request("DELETE", "/" + BUCKET + "/del/never-there").send(), 204, null));
        all.add(err("DeleteObject", "missing bucket is 404 NoSuchBucket", "API_DeleteObject.html",
                () -> request("DELETE", "/" + BUCKET + "-missing/k").send(), 404, "NoSuchBucket"));
        all.add(err("DeleteObject", "If-Match with another ETag is 412 PreconditionFailed", "API_DeleteObject.html",
                () -> request("DELETE", "/" + BUCKET + "/obj").header("If-Match", "\"" + "0".repeat(32) + "\"").send(), 412, "PreconditionFailed"));

        // DeleteObjects — API_DeleteObjects.html
        all.add(ok("DeleteObjects", "example: two keys are listed as Deleted", "API_DeleteObjects.html", () -> {
            s3.putObject(b -> b.bucket(BUCKET).key("multi/a"), RequestBody.fromString("a"));
            return deleteObjects("<Delete><Object><Key>multi/a</Key></Object><Object><Key>multi/b</Key></Object></Delete>");
        }, 200, o -> has(o, "<DeleteResult", "<Deleted><Key>multi/a</Key></Deleted>", "<Deleted><Key>multi/b</Key></Deleted>")));
        all.add(ok("DeleteObjects", "Quiet mode reports no Deleted entries", "API_DeleteObjects.html",
                () -> deleteObjects("<Delete><Quiet>true</Quiet><Object><Key>multi/c</Key></Object></Delete>"), 200, o -> {
                    has(o, "<DeleteResult");
                    assertTrue(!o.body().contains("<Deleted>"), o.body());
                }));
        all.add(err("DeleteObjects", "not well-formed XML is 400 MalformedXML", "API_DeleteObjects.html",
                () -> deleteObjects("<Delete><Object><Key>x</Key></Object>"), 400, "MalformedXML"));
        all.add(err("DeleteObjects", "more than 1000 keys is 400 MalformedXML", "API_DeleteObjects.html",
                () -> deleteObjects("<Delete>" + "<Object><Key>k</Key></Object>".repeat(1001) + "</Delete>"), 400, "MalformedXML"));
        all.add(err("DeleteObjects", "no Content-MD5 or checksum is 400 InvalidRequest", "API_DeleteObjects.html",
                () -> request("POST", "/" + BUCKET).query("delete", "")
                        .body("<Delete><Object><Key>x</Key></Object></Delete>").send(), 400, "InvalidRequest"));
        all.add(err("DeleteObjects", "Content-MD5 of other bytes is 400 BadDigest", "API_DeleteObjects.html",
                () -> request("POST", "/" + BUCKET).query("delete", "").header("Content-MD5", md5Base64("other"))
                        .body("<Delete><Object><Key>x</Key></Object></Delete>").send(), 400, "BadDigest"));

        // CopyObject — API_CopyObject.html
        all.add(ok("CopyObject", "example: 200 CopyObjectResult with ETag and LastModified", "API_CopyObject.html",
                () -> request("PUT", "/" + BUCKET + "/copy/target").header("x-amz-copy-source", "/" + BUCKET + "/obj").send(), 200,
                o -> has(o, "<CopyObjectResult", "<ETag>" + objectEtag.replace("\"", "&quot;"), "<LastModified>")));
        all.add(err("CopyObject", "missing source key is 404 NoSuchKey", "API_CopyObject.html",
                () -> sdk(() -> s3.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("no/such/key").destinationBucket(BUCKET)
                        .destinationKey("copy/none"))), 404, "NoSuchKey"));
        all.add(err("CopyObject", "missing source bucket is 404 NoSuchBucket", "API_CopyObject.html",
                () -> sdk(() -> s3.copyObject(b -> b.sourceBucket(BUCKET + "-missing").sourceKey("obj").destinationBucket(BUCKET)
                        .destinationKey("copy/none"))), 404, "NoSuchBucket"));
        all.add(err("CopyObject", "copy onto itself without REPLACE is 400 InvalidRequest", "API_CopyObject.html",
                () -> sdk(() -> s3.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("obj").destinationBucket(BUCKET).destinationKey("obj"))),
                400, "InvalidRequest"));
        all.add(err("CopyObject", "x-amz-copy-source-if-match false is 412 PreconditionFailed", "API_CopyObject.html",
                () -> sdk(() -> s3.copyObject(b -> b.sourceBucket(BUCKET).sourceKey("obj").destinationBucket(BUCKET)
                        .destinationKey("copy/cond").copySourceIfMatch("\"" + "0".repeat(32) + "\""))), 412, "PreconditionFailed"));
        all.add(err("CopyObject", "unknown x-amz-metadata-directive is 400 InvalidArgument", "API_CopyObject.html",
                () -> request("PUT", "/" + BUCKET + "/copy/directive").header("x-amz-copy-source", "/" + BUCKET + "/obj")
                        .header("x-amz-metadata-directive", "MERGE").send(), 400, "InvalidArgument"));
        all.add(ok("CopyObject", "REPLACE directive takes the request's metadata", "API_CopyObject.html", () -> {
            request("PUT", "/" + BUCKET + "/copy/replaced").header("x-amz-copy-source", "/" + BUCKET + "/obj")
                    .header("x-amz-metadata-directive", "REPLACE").header("x-amz-meta-new", "yes").header("Content-Type", "image/png").send();
            return request("HEAD", "/" + BUCKET + "/copy/replaced").send();
        }, 200, o -> {
            assertEquals("yes", o.header("x-amz-meta-new"));
            assertEquals("image/png", o.header("Content-Type"));
        }));

        // CreateMultipartUpload — API_CreateMultipartUpload.html
        all.add(ok("CreateMultipartUpload", "example: InitiateMultipartUploadResult with Bucket, Key, UploadId",
                "API_CreateMultipartUpload.html", () -> request("POST", "/" + BUCKET + "/mpu/initiated").query("uploads", "").send(), 200,
                o -> has(o, "<InitiateMultipartUploadResult", "<Bucket>" + BUCKET + "</Bucket>", "<Key>mpu/initiated</Key>", "<UploadId>")));
        all.add(err("CreateMultipartUpload", "missing bucket is 404 NoSuchBucket", "API_CreateMultipartUpload.html",
                () -> request("POST", "/" + BUCKET + "-missing/k").query("uploads", "").send(), 404, "NoSuchBucket"));

        // UploadPart — API_UploadPart.html
        all.add(ok("UploadPart", "200 with the quoted MD5 of the part as ETag", "API_UploadPart.html",
                () -> request("PUT", "/" + BUCKET + "/mpu/listed").query("partNumber", "3").query("uploadId", listedUploadId)
                        .body("part 3").send(), 200, o -> assertEquals("\"" + md5Hex("part 3") + "\"", o.header("ETag"))));
        all.add(err("UploadPart", "part number 0 is 400 InvalidArgument", "API_UploadPart.html",
                () -> request("PUT", "/" + BUCKET + "/mpu/listed").query("partNumber", "0").query("uploadId", listedUploadId)
                        .body("x").send(), 400, "InvalidArgument"));
        all.add(err("UploadPart", "part number 10001 is 400 InvalidArgument", "API_UploadPart.html",
                () -> request("PUT", "/" + BUCKET + "/mpu/listed").query("partNumber", "10001").query("uploadId", listedUploadId)
                        .body("x").send(), 400, "InvalidArgument"));
        all.add(err("UploadPart", "unknown upload id is 404 NoSuchUpload", "API_UploadPart.html",
                () -> request("PUT", "/" + BUCKET + "/mpu/listed").query("partNumber", "1").query("uploadId", "no-such-upload")
                        .body("x").send(), 404, "NoSuchUpload"));
        all.add(err("UploadPart", "x-amz-checksum-sha256 that is not base64 of 32 bytes is 400 InvalidRequest",
                "API_UploadPart.html", () -> request("PUT", "/" + BUCKET + "/mpu/listed").query("partNumber", "5")
                        .query("uploadId", listedUploadId).header("x-amz-checksum-sha256", "bad").body("x").send(), 400,
                "InvalidRequest", o -> has(o, "<Message>Value for x-amz-checksum-sha256 header is invalid.</Message>")));
        all.add(err("UploadPart", "Content-MD5 of other bytes is 400 BadDigest", "API_UploadPart.html",
                () -> request("PUT", "/" + BUCKET + "/mpu/listed").query("partNumber", "4").query("uploadId", listedUploadId)
                        .header("Content-MD5", md5Base64("other")).body("x").send(), 400, "BadDigest"));

        // UploadPartCopy — API_UploadPartCopy.html
        all.add(ok("UploadPartCopy", "example: CopyPartResult with ETag and LastModified", "API_UploadPartCopy.html", () -> {
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mpu/copied")).uploadId();
            return request("PUT", "/" + BUCKET + "/mpu/copied").query("partNumber", "1").query("uploadId", upload)
                    .header("x-amz-copy-source", "/" + BUCKET + "/obj").header("x-amz-copy-source-range", "bytes=2-5").send();
        }, 200, o -> has(o, "<CopyPartResult", "<ETag>&quot;" + md5Hex("2345") + "&quot;</ETag>", "<LastModified>")));
        all.add(err("UploadPartCopy", "x-amz-copy-source-range beyond the source is 400 InvalidArgument", "API_UploadPartCopy.html", () -> {
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mpu/copied-range")).uploadId();
            return request("PUT", "/" + BUCKET + "/mpu/copied-range").query("partNumber", "1").query("uploadId", upload)
                    .header("x-amz-copy-source", "/" + BUCKET + "/obj").header("x-amz-copy-source-range", "bytes=5-50").send();
        }, 400, "InvalidArgument", o -> has(o, "Range specified is not valid for source object of size: 10")));
        all.add(err("UploadPartCopy", "x-amz-copy-source-range starting past the source is 400 InvalidRequest", "API_UploadPartCopy.html", () -> {
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mpu/copied-past")).uploadId();
            return request("PUT", "/" + BUCKET + "/mpu/copied-past").query("partNumber", "1").query("uploadId", upload)
                    .header("x-amz-copy-source", "/" + BUCKET + "/obj").header("x-amz-copy-source-range", "bytes=10-20").send();
        }, 400, "InvalidRequest", o -> has(o, "The specified copy range is invalid for the source object size")));
        all.add(err("UploadPartCopy", "missing source key is 404 NoSuchKey", "API_UploadPartCopy.html", () -> {
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mpu/copied-none")).uploadId();
            return request("PUT", "/" + BUCKET + "/mpu/copied-none").query("partNumber", "1").query("uploadId", upload)
                    .header("x-amz-copy-source", "/" + BUCKET + "/no/such/key").send();
        }, 404, "NoSuchKey"));

        // CompleteMultipartUpload — API_CompleteMultipartUpload.html
        all.add(ok("CompleteMultipartUpload", "example: CompleteMultipartUploadResult with Location, Bucket, Key, ETag",
                "API_CompleteMultipartUpload.html", () -> {
                    String key = "mpu/complete";
                    String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
                    byte[] five = new byte[5 * 1024 * 1024];
                    String e1 = s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1), RequestBody.fromBytes(five)).eTag();
                    String e2 = s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(2), RequestBody.fromString("tail")).eTag();
                    return complete(key, upload, parts(1, e1, 2, e2));
                }, 200, o -> {
                    has(o, "<CompleteMultipartUploadResult", "<Location>", "<Bucket>" + BUCKET + "</Bucket>", "<Key>mpu/complete</Key>");
                    assertTrue(element(o.body(), "ETag").matches("\"[0-9a-f]{32}-2\""), o.body());
                    Outcome head = request("HEAD", "/" + BUCKET + "/mpu/complete").send();
                    assertEquals(Integer.toString(5 * 1024 * 1024 + 4), head.header("Content-Length"));
                }));
        all.add(err("CompleteMultipartUpload", "parts out of order is 400 InvalidPartOrder", "API_CompleteMultipartUpload.html", () -> {
            String key = "mpu/order";
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
            String e1 = s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1), RequestBody.fromString("a")).eTag();
            String e2 = s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(2), RequestBody.fromString("b")).eTag();
            return complete(key, upload, parts(2, e2, 1, e1));
        }, 400, "InvalidPartOrder"));
        all.add(err("CompleteMultipartUpload", "wrong part ETag is 400 InvalidPart", "API_CompleteMultipartUpload.html", () -> {
            String key = "mpu/invalid-part";
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
            s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1), RequestBody.fromString("a"));
            return complete(key, upload, parts(1, "\"" + "0".repeat(32) + "\""));
        }, 400, "InvalidPart"));
        all.add(err("CompleteMultipartUpload", "part never uploaded is 400 InvalidPart", "API_CompleteMultipartUpload.html", () -> {
            String key = "mpu/absent-part";
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
            String e1 = s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1), RequestBody.fromString("a")).eTag();
            return complete(key, upload, parts(7, e1));
        }, 400, "InvalidPart"));
        all.add(err("CompleteMultipartUpload", "non-last part under 5 MiB is 400 EntityTooSmall", "API_CompleteMultipartUpload.html", () -> {
            String key = "mpu/small";
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key(key)).uploadId();
            String e1 = s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(1), RequestBody.fromString("a")).eTag();
            String e2 = s3.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(upload).partNumber(2), RequestBody.fromString("b")).eTag();
            return complete(key, upload, parts(1, e1, 2, e2));
        }, 400, "EntityTooSmall"));
        all.add(err("CompleteMultipartUpload", "not well-formed body is 400 MalformedXML", "API_CompleteMultipartUpload.html",
                () -> request("POST", "/" + BUCKET + "/mpu/listed").query("uploadId", listedUploadId)
                        .body("<CompleteMultipartUpload><Part>").send(), 400, "MalformedXML"));
        all.add(err("CompleteMultipartUpload", "unknown upload id is 404 NoSuchUpload", "API_CompleteMultipartUpload.html",
                () -> complete("mpu/listed", "no-such-upload", parts(1, "\"" + "0".repeat(32) + "\"")), 404, "NoSuchUpload"));

        // AbortMultipartUpload — API_AbortMultipartUpload.html
        all.add(ok("AbortMultipartUpload", "204 No Content", "API_AbortMultipartUpload.html", () -> {
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mpu/aborted")).uploadId();
            return request("DELETE", "/" + BUCKET + "/mpu/aborted").query("uploadId", upload).send();
        }, 204, null));
        all.add(err("AbortMultipartUpload", "already aborted upload is 404 NoSuchUpload", "API_AbortMultipartUpload.html", () -> {
            String upload = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("mpu/aborted-twice")).uploadId();
            request("DELETE", "/" + BUCKET + "/mpu/aborted-twice").query("uploadId", upload).send();
            return request("DELETE", "/" + BUCKET + "/mpu/aborted-twice").query("uploadId", upload).send();
        }, 404, "NoSuchUpload"));

        // ListParts — API_ListParts.html
        all.add(ok("ListParts", "example: ListPartsResult with Bucket, Key, UploadId and Part entries", "API_ListParts.html",
                () -> request("GET", "/" + BUCKET + "/mpu/listed").query("uploadId", listedUploadId).send(), 200,
                o -> has(o, "<ListPartsResult", "<Bucket>" + BUCKET + "</Bucket>", "<Key>mpu/listed</Key>", "<UploadId>" + listedUploadId,
                        "<Part><PartNumber>1</PartNumber>", "<PartNumber>2</PartNumber>", "<ETag>&quot;" + md5Hex("part 1") + "&quot;</ETag>",
                        "<Size>6</Size>", "<Initiator>", "<Owner>", "<StorageClass>STANDARD</StorageClass>")));
        all.add(ok("ListParts", "max-parts truncates with NextPartNumberMarker", "API_ListParts.html",
                () -> request("GET", "/" + BUCKET + "/mpu/listed").query("uploadId", listedUploadId).query("max-parts", "1").send(), 200,
                o -> has(o, "<MaxParts>1</MaxParts>", "<IsTruncated>true</IsTruncated>", "<NextPartNumberMarker>1</NextPartNumberMarker>")));
        all.add(ok("ListParts", "part-number-marker resumes after the marker", "API_ListParts.html",
                () -> request("GET", "/" + BUCKET + "/mpu/listed").query("uploadId", listedUploadId).query("part-number-marker", "1").send(), 200,
                o -> {
                    has(o, "<PartNumberMarker>1</PartNumberMarker>", "<PartNumber>2</PartNumber>");
                    assertTrue(!o.body().contains("<PartNumber>1</PartNumber>"), o.body());
                }));
        all.add(err("ListParts", "unknown upload id is 404 NoSuchUpload", "API_ListParts.html",
                () -> request("GET", "/" + BUCKET + "/mpu/listed").query("uploadId", "no-such-upload").send(), 404, "NoSuchUpload"));

        // ListMultipartUploads — API_ListMultipartUploads.html
        all.add(ok("ListMultipartUploads", "example: ListMultipartUploadsResult with Upload entries", "API_ListMultipartUploads.html",
                () -> request("GET", "/" + BUCKET).query("uploads", "").query("prefix", "mpu/listed").send(), 200,
                o -> has(o, "<ListMultipartUploadsResult", "<Bucket>" + BUCKET + "</Bucket>", "<Upload><Key>mpu/listed</Key>",
                        "<UploadId>" + listedUploadId + "</UploadId>", "<Initiated>", "<IsTruncated>false</IsTruncated>")));
        all.add(ok("ListMultipartUploads", "example: delimiter rolls up CommonPrefixes", "API_ListMultipartUploads.html",
                () -> request("GET", "/" + BUCKET).query("uploads", "").query("delimiter", "/").send(), 200,
                o -> has(o, "<Delimiter>/</Delimiter>", "<CommonPrefixes><Prefix>mpu/</Prefix></CommonPrefixes>")));
        all.add(err("ListMultipartUploads", "missing bucket is 404 NoSuchBucket", "API_ListMultipartUploads.html",
                () -> request("GET", "/" + BUCKET + "-missing").query("uploads", "").send(), 404, "NoSuchBucket"));

        // authentication — ErrorResponses.html, sigv4-query-string-auth.html
        all.add(err("Authentication", "wrong secret key is 403 SignatureDoesNotMatch", "ErrorResponses.html#SignatureDoesNotMatch",
                () -> request("GET", "/" + BUCKET + "/obj").credentials(Stack.accessKey(), "wrong-secret").send(), 403, "SignatureDoesNotMatch"));
        all.add(err("Authentication", "unknown access key is 403 InvalidAccessKeyId", "ErrorResponses.html#InvalidAccessKeyId",
                () -> request("GET", "/" + BUCKET + "/obj").credentials("AKIANOSUCHKEY0000000", Stack.secretKey()).send(), 403,
                "InvalidAccessKeyId"));
        all.add(err("Authentication", "request signed 1 hour ago is 403 RequestTimeTooSkewed", "ErrorResponses.html#RequestTimeTooSkewed",
                () -> request("GET", "/" + BUCKET + "/obj").at(Instant.now().minusSeconds(3600)).send(), 403, "RequestTimeTooSkewed"));
        all.add(err("Authentication", "expired presigned URL is 403 AccessDenied", "sigv4-query-string-auth.html",
                () -> RawS3.presignedGet("/" + BUCKET + "/obj", Instant.now().minusSeconds(120), 60), 403, "AccessDenied"));
        all.add(ok("Authentication", "valid presigned URL is 200", "sigv4-query-string-auth.html",
                () -> RawS3.presignedGet("/" + BUCKET + "/obj", Instant.now(), 300), 200, o -> assertEquals(CONTENT, o.body())));
        all.add(err("Authentication", "anonymous request is 403 AccessDenied", "ErrorResponses.html#AccessDenied",
                () -> request("GET", "/" + BUCKET + "/obj").anonymous().send(), 403, "AccessDenied"));
        all.add(err("Authentication", "signed payload hash of other bytes is 400 XAmzContentSHA256Mismatch", "ErrorResponses.html",
                () -> new RawS3.Request("PUT", "/" + BUCKET + "/auth/hash", Map.of(), Map.of(), "hello".getBytes(StandardCharsets.UTF_8),
                        Stack.accessKey(), Stack.secretKey(), null, true, true, RawS3.sha256Hex("other"), 0).send(),
                400, "XAmzContentSHA256Mismatch"));

        // generic — ErrorResponses.html
        all.add(err("Errors", "unsupported method is 405 MethodNotAllowed", "ErrorResponses.html#MethodNotAllowed",
                () -> request("PATCH", "/" + BUCKET + "/obj").send(), 405, "MethodNotAllowed"));
        // GET ?tagging and GET ?lifecycle are served now (issue 9: S3's empty answers); writing them is not
        all.add(err("Errors", "unsupported sub-resource ?tagging is 501 NotImplemented", "ErrorResponses.html#NotImplemented",
                () -> request("PUT", "/" + BUCKET + "/obj").query("tagging", "").body("<Tagging/>").send(), 501, "NotImplemented"));
        all.add(err("Errors", "unsupported sub-resource ?lifecycle is 501 NotImplemented", "ErrorResponses.html#NotImplemented",
                () -> request("DELETE", "/" + BUCKET).query("lifecycle", "").send(), 501, "NotImplemented"));
        all.add(ok("GetBucketVersioning", "never enabled: empty VersioningConfiguration", "API_GetBucketVersioning.html",
                () -> request("GET", "/" + BUCKET).query("versioning", "").send(), 200,
                o -> {
                    has(o, "VersioningConfiguration");
                    assertTrue(!o.body().contains("<Status>"), o.body());
                }));
        all.add(err("GetBucketTagging", "no tags is 404 NoSuchTagSet", "API_GetBucketTagging.html",
                () -> request("GET", "/" + BUCKET).query("tagging", "").send(), 404, "NoSuchTagSet"));
        all.add(ok("GetObjectTagging", "untagged object has an empty TagSet", "API_GetObjectTagging.html",
                () -> request("GET", "/" + BUCKET + "/obj").query("tagging", "").send(), 200, o -> has(o, "<Tagging", "<TagSet")));
        all.add(err("GetBucketPolicy", "no policy is 404 NoSuchBucketPolicy", "API_GetBucketPolicy.html",
                () -> request("GET", "/" + BUCKET).query("policy", "").send(), 404, "NoSuchBucketPolicy"));
        all.add(err("GetBucketCors", "no CORS is 404 NoSuchCORSConfiguration", "API_GetBucketCors.html",
                () -> request("GET", "/" + BUCKET).query("cors", "").send(), 404, "NoSuchCORSConfiguration"));
        all.add(err("GetBucketLifecycleConfiguration", "no lifecycle is 404 NoSuchLifecycleConfiguration",
                "API_GetBucketLifecycleConfiguration.html",
                () -> request("GET", "/" + BUCKET).query("lifecycle", "").send(), 404, "NoSuchLifecycleConfiguration"));
        all.add(err("GetBucketEncryption", "no default encryption is 404 ServerSideEncryptionConfigurationNotFoundError",
                "API_GetBucketEncryption.html",
                () -> request("GET", "/" + BUCKET).query("encryption", "").send(), 404,
                "ServerSideEncryptionConfigurationNotFoundError"));
        all.add(err("GetObjectLockConfiguration", "no object lock is 404 ObjectLockConfigurationNotFoundError",
                "API_GetObjectLockConfiguration.html",
                () -> request("GET", "/" + BUCKET).query("object-lock", "").send(), 404, "ObjectLockConfigurationNotFoundError"));
        all.add(err("GetPublicAccessBlock", "none is 404 NoSuchPublicAccessBlockConfiguration", "API_GetPublicAccessBlock.html",
                () -> request("GET", "/" + BUCKET).query("publicAccessBlock", "").send(), 404,
                "NoSuchPublicAccessBlockConfiguration"));
        all.add(ok("GetBucketOwnershipControls", "BucketOwnerEnforced", "API_GetBucketOwnershipControls.html",
                () -> request("GET", "/" + BUCKET).query("ownershipControls", "").send(), 200,
                o -> has(o, "<ObjectOwnership>BucketOwnerEnforced</ObjectOwnership>")));
        all.add(ok("GetBucketAcl", "the owner has FULL_CONTROL", "API_GetBucketAcl.html",
                () -> request("GET", "/" + BUCKET).query("acl", "").send(), 200,
                o -> has(o, "<AccessControlPolicy", "<Permission>FULL_CONTROL</Permission>", "CanonicalUser")));
        all.add(ok("GetObjectAcl", "the owner has FULL_CONTROL", "API_GetObjectAcl.html",
                () -> request("GET", "/" + BUCKET + "/obj").query("acl", "").send(), 200,
                o -> has(o, "<AccessControlPolicy", "<Permission>FULL_CONTROL</Permission>")));
        all.add(ok("PutObjectAcl", "bucket-owner-full-control is accepted with ACLs disabled", "API_PutObjectAcl.html",
                () -> request("PUT", "/" + BUCKET + "/obj").query("acl", "").header("x-amz-acl", "bucket-owner-full-control")
                        .send(), 200, o -> { }));
        all.add(err("PutObjectAcl", "public-read is 400 AccessControlListNotSupported", "API_PutObjectAcl.html",
                () -> request("PUT", "/" + BUCKET + "/obj").query("acl", "").header("x-amz-acl", "public-read").send(),
                400, "AccessControlListNotSupported"));
        all.add(err("PutObject", "x-amz-acl public-read is 400 AccessControlListNotSupported", "API_PutObject.html",
                () -> request("PUT", "/" + BUCKET + "/put/acl").header("x-amz-acl", "public-read").body("hello").send(),
                400, "AccessControlListNotSupported"));
        all.add(err("CreateBucket", "a body that is not a CreateBucketConfiguration is 400 MalformedXML", "API_CreateBucket.html",
                () -> request("PUT", "/" + BUCKET + "-malformed").body("<Nope/>").send(), 400, "MalformedXML"));
        all.add(err("CreateBucket", "LocationConstraint of another region is 400 IllegalLocationConstraintException",
                "API_CreateBucket.html",
                () -> request("PUT", "/" + BUCKET + "-elsewhere").body("<CreateBucketConfiguration><LocationConstraint>"
                        + "eu-west-1</LocationConstraint></CreateBucketConfiguration>").send(), 400,
                "IllegalLocationConstraintException"));
        all.add(err("GetObject", "Range on an empty object is 416 InvalidRange", "API_GetObject.html",
                () -> {
                    request("PUT", "/" + BUCKET + "/get/empty").body("").send();
                    return request("GET", "/" + BUCKET + "/get/empty").header("Range", "bytes=0-").send();
                }, 416, "InvalidRange"));
        all.add(err("Errors", "error body has Code, Message, Resource and RequestId", "ErrorResponses.html",
                () -> request("GET", "/" + BUCKET + "/no/such/key").send(), 404, "NoSuchKey",
                o -> {
                    has(o, "<Error>", "<Message>", "<RequestId>", "<Resource>");
                    assertTrue(o.header("Content-Type").startsWith("application/xml"), o.toString());
                    assertNotNull(o.header("x-amz-request-id"), o.toString());
                }));

        all.add(err("Errors", "error Resource is the path of the failing request", "ErrorResponses.html", () -> {
            assertEquals(200, request("GET", "/" + BUCKET + "/obj").send().status());
            return request("GET", "/" + BUCKET + "/no/such/key").send();
        }, 404, "NoSuchKey", o -> has(o, "<Resource>/" + BUCKET + "/no/such/key</Resource>")));

        return all.stream();
    }

    // ---------------------------------------------------------------------------------------------------------
    // helpers

    private static Case ok(String operation, String behaviour, String doc, Action action, int status, Check check) {
        return new Case(operation, behaviour, API + doc, action, status, null, check);
    }

    private static Case err(String operation, String behaviour, String doc, Action action, int status, String code) {
        return new Case(operation, behaviour, API + doc, action, status, code, null);
    }

    private static Case err(String operation, String behaviour, String doc, Action action, int status, String code, Check check) {
        return new Case(operation, behaviour, API + doc, action, status, code, check);
    }

    @FunctionalInterface
    interface SdkCall {
        S3Response call();
    }

    /** An SDK call's answer as an Outcome; the body is the response's toString. */
    private static Outcome sdk(SdkCall call) {
        try {
            S3Response response = call.call();
            return new Outcome(response.sdkHttpResponse().statusCode(), null, lower(response.sdkHttpResponse().headers()), response.toString());
        } catch (S3Exception e) {
            return new Outcome(e.statusCode(), e.awsErrorDetails().errorCode(), lower(e.awsErrorDetails().sdkHttpResponse().headers()),
                    String.valueOf(e.awsErrorDetails().errorMessage()));
        }
    }

    private static Map<String, String> lower(Map<String, List<String>> headers) {
        Map<String, String> out = new java.util.LinkedHashMap<>();
        headers.forEach((k, v) -> out.put(k.toLowerCase(java.util.Locale.ROOT), String.join(", ", v)));
        return out;
    }

    private static Outcome deleteObjects(String xml) throws Exception {
        return request("POST", "/" + BUCKET).query("delete", "").header("Content-MD5", md5Base64(xml)).body(xml).send();
    }

    private static Outcome complete(String key, String upload, List<CompletedPart> parts) throws Exception {
        StringBuilder xml = new StringBuilder("<CompleteMultipartUpload>");
        for (CompletedPart p : parts) {
            xml.append("<Part><PartNumber>").append(p.partNumber()).append("</PartNumber><ETag>").append(p.eTag()).append("</ETag></Part>");
        }
        xml.append("</CompleteMultipartUpload>");
        return request("POST", "/" + BUCKET + "/" + key).query("uploadId", upload).body(xml.toString()).send();
    }

    private static List<CompletedPart> parts(Object... numberAndEtag) {
        List<CompletedPart> parts = new ArrayList<>();
        for (int i = 0; i < numberAndEtag.length; i += 2) {
            parts.add(CompletedPart.builder().partNumber((Integer) numberAndEtag[i]).eTag((String) numberAndEtag[i + 1]).build());
        }
        return parts;
    }

    private static void has(Outcome o, String... fragments) {
        for (String fragment : fragments) {
            assertTrue(text(o.body()).contains(text(fragment)), () -> "expected " + fragment + " in\n" + o);
        }
    }

    private static String element(String xml, String name) {
        Matcher m = Pattern.compile("<" + name + ">([^<]*)</" + name + ">").matcher(text(xml));
        assertTrue(m.find(), () -> "no <" + name + "> in " + xml);
        return m.group(1);
    }

    /** XML text with the entity S3 uses for quotes in ETags replaced, so {@code &quot;} and {@code "} compare equal. */
    private static String text(String xml) {
        return xml.replace("&quot;", "\"").replace("&#34;", "\"");
    }

    private static String md5Hex(String text) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    }

    private static String md5Base64(String text) throws Exception {
        return Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(text.getBytes(StandardCharsets.UTF_8)));
    }
}
