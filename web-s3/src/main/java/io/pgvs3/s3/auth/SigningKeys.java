package io.pgvs3.s3.auth;

/**
 * Derived SigV4 signing keys, kept per (secret, date, region, service): the derivation is four
 * HMACs, and every request of a day signs with the same key. The secret is part of the cache key so
 * that a changed secret never verifies with a stale derivation. Bounded: a full cache is emptied
 * (dates roll over daily, so entries go stale by themselves).
 */
final class SigningKeys {

    private static final int MAX_ENTRIES = 256;

    private record Scope(String secret, String date, String region, String service) {
    }

    private final RepeatedValues<Scope, byte[]> keys = new RepeatedValues<>(MAX_ENTRIES,
            scope -> SigV4Crypto.signingKey(scope.secret(), scope.date(), scope.region(), scope.service()));

    /** The signing key; callers must not modify the returned array. */
    byte[] of(String secret, CredentialScope credential) {
        return keys.of(new Scope(secret, credential.date(), credential.region(), credential.service()));
    }
}
