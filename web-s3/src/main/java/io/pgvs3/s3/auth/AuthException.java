package io.pgvs3.s3.auth;

import java.util.Objects;

/**
 * A request failed authentication or its body failed integrity checks. Unchecked so it passes
 * through stream decorators and copy loops untouched and reaches the one exception mapper.
 */
public final class AuthException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final AuthFailure failure;

    public AuthException(AuthFailure failure) {
        this(failure, failure.defaultMessage());
    }

    public AuthException(AuthFailure failure, String message) {
        super(message);
        this.failure = Objects.requireNonNull(failure);
    }

    public AuthFailure failure() {
        return failure;
    }
}
