package io.pgvs3.s3.exchange;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.auth.PayloadMode;
import io.pgvs3.s3.auth.SigV4Verifier;
import io.pgvs3.s3.auth.SignedRequest;
import io.pgvs3.s3.auth.VerifiedRequest;
import io.pgvs3.s3.config.S3Config;
import io.pgvs3.s3.io.AwsChunkedInputStream;
import java.io.InputStream;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * SigV4 on every request of the S3 port. A streaming upload's body is replaced by a decoder that
 * removes the aws-chunked framing and verifies each chunk signature as the store reads it, so framing
 * is never stored and a bad chunk aborts the write before publication.
 */
final class Authentication {

    /**
     * What authentication learned about the body.
     *
     * @param expectedSha256 the signed payload hash (32 bytes), or null when unsigned or streamed
     * @param decodedLength  the body length after aws-chunked decoding, else Content-Length, else -1
     * @param body           the body as the handlers read it (decoded when aws-chunked)
     * @param trailers       the aws-chunked trailers, complete once the body hit EOF
     */
    record Body(byte[] expectedSha256, long decodedLength, InputStream body, Supplier<Map<String, String>> trailers) {
    }

    /** The credentials, read once from the configuration (fixed while the application runs). */
    private final boolean credentialsConfigured;
    private final Optional<String> accessKey;
    private final Optional<String> secretKey;
    private final SigV4Verifier verifier;

    Authentication(S3Config config) {
        this.credentialsConfigured = config.credentialsConfigured();
        this.accessKey = config.accessKey();
        this.secretKey = config.secretKey();
        this.verifier = new SigV4Verifier(this::secretFor, config.maxClockSkew(), config.region());
    }

    private Optional<String> secretFor(String accessKeyId) {
        return accessKey.isPresent() && accessKey.get().equals(accessKeyId) ? secretKey : Optional.empty();
    }

    /** @param rawBody the request body as it came off the wire (null for requests that have none) */
    Body verify(Exchange exchange, InputStream rawBody) {
        if (!credentialsConfigured) {
            throw new AuthException(AuthFailure.ACCESS_DENIED, "This gateway has no credentials configured.");
        }
        VerifiedRequest verified = verifier.verify(new SignedRequest(exchange.method(), exchange.rawPath(),
                exchange.query(), exchange.headers(), Instant.now()));
        PayloadMode mode = verified.payloadMode();
        byte[] expectedSha256 = mode == PayloadMode.SIGNED ? verified.payloadSha256() : null;
        if (!mode.streaming()) {
            return new Body(expectedSha256, contentLength(exchange), rawBody, Map::of);
        }
        long decodedLength = decodedLength(exchange);
        AwsChunkedInputStream decoder = new AwsChunkedInputStream(rawBody, mode, verified.chunkSigner(), decodedLength);
        return new Body(expectedSha256, decodedLength, decoder, decoder::trailers);
    }

    /** Read as the wire rules read it, so the size check and the body agree on one length. */
    private static long contentLength(Exchange exchange) {
        return WireRules.length(exchange.header("content-length"));
    }

    private static long decodedLength(Exchange exchange) {
        String value = exchange.header("x-amz-decoded-content-length");
        if (value == null) {
            throw new AuthException(AuthFailure.MISSING_SECURITY_HEADER,
                    "x-amz-decoded-content-length is required with aws-chunked uploads.");
        }
        try {
            long length = Long.parseLong(value.trim());
            if (length >= 0) {
                return length;
            }
        } catch (NumberFormatException e) {
            // falls through
        }
        throw new AuthException(AuthFailure.INVALID_ARGUMENT, "x-amz-decoded-content-length is not a length.");
    }
}
