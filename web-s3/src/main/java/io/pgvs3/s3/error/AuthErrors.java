package io.pgvs3.s3.error;

/** Authentication failures to S3 errors (filled in with the SigV4 verifier). */
final class AuthErrors {

    private AuthErrors() {
    }

    static S3Exception translate(Throwable t) {
        return null;
    }
}
