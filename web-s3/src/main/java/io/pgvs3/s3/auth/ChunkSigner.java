package io.pgvs3.s3.auth;

import java.util.Objects;

/**
 * Computes the chained signatures of an aws-chunked body. Each chunk is signed over the previous
 * signature (the request's own signature seeds the chain), so chunks cannot be dropped, reordered
 * or spliced from another upload. Stateless: the decoder carries the running "previous" value.
 */
public final class ChunkSigner {
    /** SHA-256 of the empty string; stands in for the (absent) chunk headers in every chunk string. */
    private static final String EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";

    private final byte[] signingKey;
    private final String amzDate;
    private final String scope;
    private final String seedSignature;

    /**
     * @param signingKey    the derived SigV4 key for the request's scope (not the secret itself)
     * @param amzDate       the request time as signed, {@code yyyyMMdd'T'HHmmss'Z'}
     * @param scope         {@code <date>/<region>/s3/aws4_request}
     * @param seedSignature the verified signature of the request head
     */
    public ChunkSigner(byte[] signingKey, String amzDate, String scope, String seedSignature) {
        this.signingKey = Objects.requireNonNull(signingKey).clone();
        this.amzDate = Objects.requireNonNull(amzDate);
        this.scope = Objects.requireNonNull(scope);
        this.seedSignature = Objects.requireNonNull(seedSignature);
    }

    public String amzDate() {
        return amzDate;
    }

    public String scope() {
        return scope;
    }

    public String seedSignature() {
        return seedSignature;
    }

    /** Signature of one chunk given the SHA-256 of its data (an empty final chunk included). */
    public String chunkSignature(String previousSignature, byte[] chunkSha256) {
        return SigV4Crypto.hex(SigV4Crypto.hmac(signingKey, "AWS4-HMAC-SHA256-PAYLOAD\n" + amzDate + "\n" + scope
                + "\n" + previousSignature + "\n" + EMPTY_SHA256 + "\n" + SigV4Crypto.hex(chunkSha256)));
    }

    /**
     * Signature of the trailer block given the SHA-256 of its canonical form
     * ({@code name:value\n} per trailing header), chained to the final chunk's signature.
     */
    public String trailerSignature(String previousSignature, byte[] trailerSha256) {
        return SigV4Crypto.hex(SigV4Crypto.hmac(signingKey, "AWS4-HMAC-SHA256-TRAILER\n" + amzDate + "\n" + scope
                + "\n" + previousSignature + "\n" + SigV4Crypto.hex(trailerSha256)));
    }

    /** Checks a chunk's signature in constant time; returns it as the next link of the chain. */
    public String verifyChunk(String previousSignature, byte[] chunkSha256, String provided) {
        return check(chunkSignature(previousSignature, chunkSha256), provided);
    }

    /** Checks the trailer signature in constant time. */
    public void verifyTrailer(String previousSignature, byte[] trailerSha256, String provided) {
        check(trailerSignature(previousSignature, trailerSha256), provided);
    }

    private static String check(String expected, String provided) {
        if (provided == null || !SigV4Crypto.sameSignature(expected, provided)) {
            throw new AuthException(AuthFailure.SIGNATURE_DOES_NOT_MATCH);
        }
        return expected;
    }

    @Override
    public String toString() {
        return "ChunkSigner[" + scope + " " + amzDate + "]";
    }
}
