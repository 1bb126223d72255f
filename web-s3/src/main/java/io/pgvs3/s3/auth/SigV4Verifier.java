package io.pgvs3.s3.auth;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;

/**
 * Verifies AWS Signature Version 4 on an S3 request, in header or presigned-query form. The steps
 * run in a fixed order (form, signed-header rules, payload mode, time, key, signature) so that a
 * client learns the cheapest thing wrong first, and only a well-formed, timely request costs an
 * HMAC chain and a secret lookup.
 */
public final class SigV4Verifier {
    private final CredentialStore credentials;
    private final Duration maxSkew;
    private final String region;
    private final SigningKeys signingKeys = new SigningKeys();

    /**
     * @param maxSkew how far a request time may be from {@link SignedRequest#receivedAt()}; S3 uses 15 minutes
     * @param region  the region requests must be signed for, as S3 demands its own
     */
    public SigV4Verifier(CredentialStore credentials, Duration maxSkew, String region) {
        this.credentials = Objects.requireNonNull(credentials);
        this.maxSkew = Objects.requireNonNull(maxSkew);
        this.region = Objects.requireNonNull(region);
        if (maxSkew.isNegative()) {
            throw new IllegalArgumentException("maxSkew must not be negative");
        }
    }

    /** @throws AuthException naming the S3 error when the request is not authentic */
    public VerifiedRequest verify(SignedRequest request) {
        Map<String, List<String>> headers = lowerCaseNames(request.headers());
        RequestQuery query = request.query();
        SignatureInputs in = parseForm(headers, query, request.receivedAt());
        checkSignedHeaders(in, headers);
        PayloadMode mode = PayloadMode.fromHeader(in.payloadHash());
        checkTime(in, request.receivedAt());

        CredentialScope credential = in.credential();
        checkRegion(in, credential);
        String secret = credentials.secretKeyFor(credential.accessKeyId())
                .orElseThrow(() -> new AuthException(AuthFailure.INVALID_ACCESS_KEY_ID));
        byte[] signingKey = signingKeys.of(secret, credential);
        String canonical = CanonicalRequest.build(request.method(), request.rawPath(), query,
                in.presigned() ? PresignedAuth.SIGNATURE_PARAM : null, in.signedHeaders(), headers, in.payloadHash());
        String stringToSign = SigV4Crypto.ALGORITHM + "\n" + in.amzDate() + "\n" + credential.scope() + "\n"
                + SigV4Crypto.sha256Hex(canonical);
        String expected = SigV4Crypto.hex(SigV4Crypto.hmac(signingKey, stringToSign));
        if (!SigV4Crypto.sameSignature(expected, in.signature())) {
            throw new AuthException(AuthFailure.SIGNATURE_DOES_NOT_MATCH);
        }
        return new VerifiedRequest(credential.accessKeyId(), mode,
                mode == PayloadMode.SIGNED ? SigV4Crypto.unhex(in.payloadHash()) : null,
                mode.signedChunks() ? new ChunkSigner(signingKey, in.amzDate(), credential.scope(), expected) : null);
    }

    private static SignatureInputs parseForm(Map<String, List<String>> headers, RequestQuery query, Instant receivedAt) {
        List<String> authorization = headers.get("authorization");
        boolean presignedV4 = query.has("X-Amz-Algorithm") || query.has(PresignedAuth.SIGNATURE_PARAM)
                || query.has("X-Amz-Credential");
        if (authorization != null) {
            if (presignedV4 || query.has("Signature")) {
                throw new AuthException(AuthFailure.INVALID_ARGUMENT, "Only one auth mechanism allowed; only the"
                        + " X-Amz-Algorithm query parameter, Signature query string parameter or the"
                        + " Authorization header should be specified");
            }
            if (authorization.size() != 1) {
                throw new AuthException(AuthFailure.AUTHORIZATION_HEADER_MALFORMED);
            }
            return HeaderAuth.parse(authorization.get(0), headers);
        }
        if (presignedV4) {
            return PresignedAuth.parse(query, headers);
        }
        if (query.has("AWSAccessKeyId") || query.has("Signature")) {
            // a SigV2 presigned URL: S3 tells its holder that it expired before anything else
            throw new AuthException(expiredV2(query, receivedAt) ? AuthFailure.REQUEST_EXPIRED : AuthFailure.UNSUPPORTED_AUTH);
        }
        // Anonymous access is not offered: every S3 request but health must be signed.
        throw new AuthException(AuthFailure.ACCESS_DENIED);
    }

    /** A SigV2 presigned URL's {@code Expires}: the epoch second after which it is refused. */
    private static boolean expiredV2(RequestQuery query, Instant receivedAt) {
        String expires = query.single("Expires", AuthFailure.INVALID_ARGUMENT);
        if (expires == null) {
            return false;
        }
        try {
            return Long.parseLong(expires.trim()) < receivedAt.getEpochSecond();
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /**
     * S3 insists that host is signed and that no x-amz-* header rides along unsigned (otherwise a
     * man in the middle could add, say, x-amz-copy-source). The time must be signed too, or an old
     * request could be replayed under a fresh Date header.
     */
    private static void checkSignedHeaders(SignatureInputs in, Map<String, List<String>> headers) {
        List<String> signed = in.signedHeaders();
        if (!signed.contains("host")) {
            throw new AuthException(in.malformed(), "SignedHeaders must include host");
        }
        for (String name : headers.keySet()) {
            if (name.startsWith("x-amz-") && !signed.contains(name)) {
                throw new AuthException(AuthFailure.ACCESS_DENIED,
                        "There were headers present in the request which were not signed: " + name);
            }
        }
        if (in.timeHeader() != null && !signed.contains(in.timeHeader())) {
            throw new AuthException(AuthFailure.ACCESS_DENIED,
                    "There were headers present in the request which were not signed: " + in.timeHeader());
        }
    }

    private void checkTime(SignatureInputs in, Instant receivedAt) {
        Instant time = in.requestTime();
        if (in.presigned()) {
            if (time.isAfter(receivedAt.plus(maxSkew))) {
                throw new AuthException(AuthFailure.REQUEST_NOT_YET_VALID);
            }
            if (receivedAt.isAfter(time.plus(in.expires()))) {
                throw new AuthException(AuthFailure.REQUEST_EXPIRED);
            }
        } else if (Duration.between(time, receivedAt).abs().compareTo(maxSkew) > 0) {
            throw new AuthException(AuthFailure.REQUEST_TIME_TOO_SKEWED);
        }
    }

    /** S3 tells a client signing for another region which region it should have used. */
    private void checkRegion(SignatureInputs in, CredentialScope credential) {
        if (!credential.region().equals(region)) {
            String wrong = "the region '" + credential.region() + "' is wrong; expecting '" + region + "'";
            throw in.presigned()
                    ? AuthException.wrongRegion(AuthFailure.AUTHORIZATION_QUERY_PARAMETERS_ERROR,
                            "Error parsing the X-Amz-Credential parameter; " + wrong, region)
                    : AuthException.wrongRegion(AuthFailure.AUTHORIZATION_HEADER_MALFORMED,
                            "The authorization header is malformed; " + wrong, region);
        }
    }

    /** The only value of a header; null if absent. Repeats of the auth headers are refused. */
    static String single(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(name);
        if (values == null || values.isEmpty()) {
            return null;
        }
        if (values.size() > 1) {
            throw new AuthException(AuthFailure.INVALID_ARGUMENT, "Multiple values for header " + name);
        }
        return values.get(0).strip();
    }

    static List<String> signedHeaderList(String raw, AuthFailure malformed) {
        List<String> names = new ArrayList<>();
        for (String name : raw.split(";", -1)) {
            if (name.isEmpty()) {
                throw new AuthException(malformed, "SignedHeaders contains an empty header name");
            }
            names.add(name.toLowerCase(Locale.ROOT));
        }
        return List.copyOf(names);
    }

    /** The request path hands over lower-case names already; other callers get a lower-cased copy. */
    private static Map<String, List<String>> lowerCaseNames(Map<String, List<String>> headers) {
        if (allLowerCase(headers)) {
            return headers;
        }
        Map<String, List<String>> out = new HashMap<>();
        headers.forEach((name, values) -> {
            if (values != null) {
                out.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>()).addAll(values);
            }
        });
        return out;
    }

    private static boolean allLowerCase(Map<String, List<String>> headers) {
        for (String name : headers.keySet()) {
            for (int i = 0; i < name.length(); i++) {
                char c = name.charAt(i);
                if (c >= 'A' && c <= 'Z') {
                    return false;
                }
            }
        }
        return true;
    }
}
