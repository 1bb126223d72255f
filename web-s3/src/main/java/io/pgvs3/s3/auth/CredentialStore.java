package io.pgvs3.s3.auth;

import java.util.Optional;

/** Where the verifier finds the secret for an access key; empty means the key is unknown. */
@FunctionalInterface
public interface CredentialStore {
    Optional<String> secretKeyFor(String accessKeyId);
}
