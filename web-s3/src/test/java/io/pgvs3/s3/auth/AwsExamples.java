package io.pgvs3.s3.auth;

import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The requests of AWS's published SigV4 examples for S3 ("Signature Calculations for the
 * Authorization Header" single-chunk, chunked and trailer pages, and "Authenticating Requests:
 * Using Query Parameters"), with the example credentials AWS publishes for exactly this purpose.
 */
public final class AwsExamples {
    public static final String ACCESS_KEY = "AKIAIOSFODNN7EXAMPLE";
    public static final String SECRET_KEY = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY";
    public static final Instant EXAMPLE_TIME = Instant.parse("2013-05-24T00:00:00Z");
    public static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
    public static final String CREDENTIAL = ACCESS_KEY + "/20130524/us-east-1/s3/aws4_request";
    static final String VHOST = "examplebucket.s3.amazonaws.com";

    public static final String CHUNKED_SEED = "4f232c4386841ef735655705268965c44a0e4690baa4adea153f7db9fa80a0a9";
    public static final String TRAILER_SEED = "106e2a8a18243abcf37539882f36619c00e2dfc72633413f02d3b74544bfeb8e";

    private AwsExamples() {
    }

    public static CredentialStore store() {
        return key -> key.equals(ACCESS_KEY) ? Optional.of(SECRET_KEY) : Optional.empty();
    }

    /** A tiny builder so each test reads like the request in the AWS page. */
    public static final class Req {
        private final String method;
        private final String path;
        private String query;
        private final Map<String, List<String>> headers = new LinkedHashMap<>();
        private Instant receivedAt = EXAMPLE_TIME;

        public Req(String method, String path) {
            this.method = method;
            this.path = path;
        }

        public Req query(String rawQuery) {
            this.query = rawQuery;
            return this;
        }

        public Req header(String name, String value) {
            headers.computeIfAbsent(name, k -> new ArrayList<>()).add(value);
            return this;
        }

        public Req without(String name) {
            headers.remove(name);
            return this;
        }

        public Req at(Instant when) {
            this.receivedAt = when;
            return this;
        }

        public SignedRequest build() {
            return SignedRequest.of(method, path, query, headers, receivedAt);
        }

        /** This request's receipt time with the given parts instead of its own (for tests that bend requests). */
        public SignedRequest build(String editedMethod, String editedPath, String editedQuery,
                                   Map<String, List<String>> editedHeaders) {
            return SignedRequest.of(editedMethod, editedPath, editedQuery, editedHeaders, receivedAt);
        }

        public String method() {
            return method;
        }

        public String path() {
            return path;
        }

        public String rawQuery() {
            return query;
        }

        public Map<String, List<String>> headers() {
            return headers;
        }
    }

    static String auth(String signedHeaders, String signature) {
        return "AWS4-HMAC-SHA256 Credential=" + CREDENTIAL + ",SignedHeaders=" + signedHeaders
                + ",Signature=" + signature;
    }

    public static Req getObject() {
        return new Req("GET", "/test.txt")
                .header("host", VHOST)
                .header("range", "bytes=0-9")
                .header("x-amz-content-sha256", EMPTY_SHA256)
                .header("x-amz-date", "20130524T000000Z")
                .header("authorization", auth("host;range;x-amz-content-sha256;x-amz-date",
                        "f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41"));
    }

    public static Req putObject() {
        return new Req("PUT", "/test%24file.text")
                .header("host", VHOST)
                .header("date", "Fri, 24 May 2013 00:00:00 GMT")
                .header("x-amz-date", "20130524T000000Z")
                .header("x-amz-storage-class", "REDUCED_REDUNDANCY")
                .header("x-amz-content-sha256", "44ce7dd67c959e0d3524ffac1771dfbba87d2b6b4b4e99e42034a8b803f8b072")
                .header("authorization", auth("date;host;x-amz-content-sha256;x-amz-date;x-amz-storage-class",
                        "98ad721746da40c64f1a55b78f14c238d841ea1380cd77a1b5971af0ece108bd"));
    }

    public static Req getLifecycle() {
        return new Req("GET", "/").query("lifecycle")
                .header("host", VHOST)
                .header("x-amz-content-sha256", EMPTY_SHA256)
                .header("x-amz-date", "20130524T000000Z")
                .header("authorization", auth("host;x-amz-content-sha256;x-amz-date",
                        "fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543"));
    }

    public static Req listObjects() {
        return new Req("GET", "/").query("max-keys=2&prefix=J")
                .header("host", VHOST)
                .header("x-amz-content-sha256", EMPTY_SHA256)
                .header("x-amz-date", "20130524T000000Z")
                .header("authorization", auth("host;x-amz-content-sha256;x-amz-date",
                        "34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7"));
    }

    public static final String PRESIGNED_QUERY = "X-Amz-Algorithm=AWS4-HMAC-SHA256"
            + "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
            + "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
            + "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404";

    public static Req presignedGet() {
        return new Req("GET", "/test.txt").query(PRESIGNED_QUERY).header("host", VHOST);
    }

    /** Path-style PUT of 66,560 'a' bytes in 64 KiB + 1 KiB chunks (the chunked-upload page). */
    public static Req chunkedPut() {
        return new Req("PUT", "/examplebucket/chunkObject.txt")
                .header("host", "s3.amazonaws.com")
                .header("x-amz-date", "20130524T000000Z")
                .header("x-amz-storage-class", "REDUCED_REDUNDANCY")
                .header("x-amz-content-sha256", "STREAMING-AWS4-HMAC-SHA256-PAYLOAD")
                .header("content-encoding", "aws-chunked")
                .header("x-amz-decoded-content-length", "66560")
                .header("content-length", "66824")
                .header("authorization", auth("content-encoding;content-length;host;x-amz-content-sha256;"
                        + "x-amz-date;x-amz-decoded-content-length;x-amz-storage-class", CHUNKED_SEED));
    }

    /** The same upload with a signed CRC32C trailer (the trailing-headers page). */
    public static Req chunkedPutWithTrailer() {
        return new Req("PUT", "/examplebucket/chunkObject.txt")
                .header("host", "s3.amazonaws.com")
                .header("x-amz-date", "20130524T000000Z")
                .header("x-amz-storage-class", "REDUCED_REDUNDANCY")
                .header("x-amz-content-sha256", "STREAMING-AWS4-HMAC-SHA256-PAYLOAD-TRAILER")
                .header("content-encoding", "aws-chunked")
                .header("x-amz-decoded-content-length", "66560")
                .header("x-amz-trailer", "x-amz-checksum-crc32c")
                .header("authorization", auth("content-encoding;host;x-amz-content-sha256;x-amz-date;"
                        + "x-amz-decoded-content-length;x-amz-storage-class;x-amz-trailer", TRAILER_SEED));
    }

    /** 17,408 'a' bytes with an unsigned CRC32 trailer (the trailing-headers page, unsigned example). */
    public static Req unsignedTrailerPut() {
        return new Req("PUT", "/Key%2B")
                .header("host", "amzn-s3-demo-bucket.s3.amazonaws.com")
                .header("x-amz-date", "20130524T000000Z")
                .header("x-amz-content-sha256", "STREAMING-UNSIGNED-PAYLOAD-TRAILER")
                .header("content-encoding", "aws-chunked")
                .header("x-amz-decoded-content-length", "17408")
                .header("x-amz-trailer", "x-amz-checksum-crc32")
                .header("authorization", auth("content-encoding;host;x-amz-content-sha256;x-amz-date;"
                        + "x-amz-decoded-content-length;x-amz-trailer",
                        "8fdf2b7a7005b82789d2a9cec832705457298e8a6a908f8c85f17e44c707aa64"));
    }
}
