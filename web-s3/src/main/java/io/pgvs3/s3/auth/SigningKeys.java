package io.pgvs3.s3.auth;

import java.util.concurrent.ConcurrentHashMap;

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

    private final ConcurrentHashMap<Scope, byte[]> keys = new ConcurrentHashMap<>();

    /** The signing key; callers must not modify the returned array. */
    byte[] of(String secret, CredentialScope credential) {
        Scope scope = new Scope(secret, credential.date(), credential.region(), credential.service());
        byte[] key = keys.get(scope);
        if (key == null) {
            if (keys.size() >= MAX_ENTRIES) {
                keys.clear();
            }
            key = SigV4Crypto.signingKey(secret, scope.date(), scope.region(), scope.service());
            keys.put(scope, key);
        }
        return key;
    }
}
