package io.pgvs3.s3.exchange;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.http.PlaintextPolicy;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Refuses plaintext requests that arrived on a non-loopback address (403 AccessDenied), before SigV4
 * (docs/adr/0005). A gateway listens on a handful of local addresses, so the verdict is kept per
 * address instead of parsing the address on every request.
 */
final class TransportRule {

    private final boolean allowPlaintext;
    private final ConcurrentHashMap<String, Boolean> plaintextPermitted = new ConcurrentHashMap<>();

    TransportRule(boolean allowPlaintext) {
        this.allowPlaintext = allowPlaintext;
    }

    void check(boolean secure, String localAddress) {
        if (secure || allowPlaintext) {
            return;
        }
        String address = localAddress == null ? "" : localAddress;
        if (!plaintextPermitted.computeIfAbsent(address, a -> PlaintextPolicy.permits(false, a, false))) {
            throw new AuthException(AuthFailure.ACCESS_DENIED, "This gateway refuses plaintext HTTP on "
                    + address + "; use HTTPS.");
        }
    }
}
