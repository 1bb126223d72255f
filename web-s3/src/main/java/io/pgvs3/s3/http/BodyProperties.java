package io.pgvs3.s3.http;

/** What the authentication filter learned about the request body, passed on as request properties. */
public final class BodyProperties {

    /** byte[32]: the payload hash the client signed, to be verified by the store. */
    public static final String EXPECTED_SHA256 = "io.pgvs3.expectedSha256";
    /** Long: the body length after aws-chunked decoding, when the client declared one. */
    public static final String DECODED_LENGTH = "io.pgvs3.decodedLength";
    /** Supplier of Map: the aws-chunked decoder's trailing headers, complete after the body's EOF. */
    public static final String TRAILERS = "io.pgvs3.trailers";

    private BodyProperties() {
    }

    /** The declared decoded length, falling back to Content-Length; -1 when neither was sent. */
    public static long decodedLength(Object declared, String contentLength) {
        if (declared instanceof Long length) {
            return length;
        }
        if (contentLength == null) {
            return -1;
        }
        try {
            return Long.parseLong(contentLength.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }
}
