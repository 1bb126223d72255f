package io.pgvs3.s3.auth;

import java.util.Objects;

/**
 * A request failed authentication or its body failed integrity checks. Unchecked so it passes
 * through stream decorators and copy loops untouched and reaches the one exception mapper.
 */
public final class AuthException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final AuthFailure failure;
    private final String expectedRegion;

    public AuthException(AuthFailure failure) {
        this(failure, failure.defaultMessage());
    }

    public AuthException(AuthFailure failure, String message) {
        this(failure, message, null);
    }

    private AuthException(AuthFailure failure, String message, String expectedRegion) {
        super(message);
        this.failure = Objects.requireNonNull(failure);
        this.expectedRegion = expectedRegion;
    }

    /** A request signed for another region; S3 names the right one in its error's {@code <Region>}. */
    static AuthException wrongRegion(AuthFailure failure, String message, String expectedRegion) {
        return new AuthException(failure, message, expectedRegion);
    }

    /** The region the request should have been signed for, or null when the region was not the problem. */
    public String expectedRegion() {
        return expectedRegion;
    }

    public AuthFailure failure() {
        return failure;
    }
}
