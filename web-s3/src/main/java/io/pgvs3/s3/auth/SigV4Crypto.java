package io.pgvs3.s3.auth;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/** The few primitives SigV4 is built from: HMAC-SHA256, SHA-256, lower-case hex, key derivation. */
final class SigV4Crypto {
    static final String ALGORITHM = "AWS4-HMAC-SHA256";
    static final String TERMINATOR = "aws4_request";
    private static final char[] HEX = "0123456789abcdef".toCharArray();

    private SigV4Crypto() {
    }

    /*
     * Mac and MessageDigest instances are made once per thread: getInstance walks the security
     * providers, and a small request would otherwise pay for that four to six times. A thread's Mac
     * stays initialized with the last key it was given: the signing key comes from SigningKeys' cache,
     * the same array on every request of a day, and a Mac's init costs as much as the HMAC of a string
     * to sign.
     */
    private static final ThreadLocal<KeyedMac> HMAC = ThreadLocal.withInitial(() -> {
        try {
            return new KeyedMac(Mac.getInstance("HmacSHA256"));
        } catch (NoSuchAlgorithmException e) {
            // Every Java 17 runtime ships HmacSHA256; reaching this is a broken JRE.
            throw new IllegalStateException(e);
        }
    });

    /** A thread's Mac and the key array it is initialized with (compared by identity, never read). */
    private static final class KeyedMac {
        private final Mac mac;
        private byte[] key;

        KeyedMac(Mac mac) {
            this.mac = mac;
        }
    }
    private static final ThreadLocal<MessageDigest> SHA256 = ThreadLocal.withInitial(SigV4Crypto::newSha256);

    static byte[] hmac(byte[] key, String data) {
        KeyedMac keyed = HMAC.get();
        if (keyed.key != key) {
            try {
                keyed.mac.init(new SecretKeySpec(key, "HmacSHA256"));
            } catch (GeneralSecurityException e) {
                keyed.key = null;
                throw new IllegalStateException(e);
            }
            keyed.key = key;
        }
        return keyed.mac.doFinal(data.getBytes(StandardCharsets.UTF_8)); // leaves the Mac initialized with key
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static String sha256Hex(String data) {
        return hex(SHA256.get().digest(data.getBytes(StandardCharsets.UTF_8)));
    }

    static String hex(byte[] bytes) {
        char[] out = new char[bytes.length * 2];
        for (int i = 0; i < bytes.length; i++) {
            out[2 * i] = HEX[(bytes[i] >> 4) & 0xf];
            out[2 * i + 1] = HEX[bytes[i] & 0xf];
        }
        return new String(out);
    }

    /** Decodes hex of either case; the caller has already checked the length and alphabet. */
    static byte[] unhex(String hex) {
        byte[] out = new byte[hex.length() / 2];
        for (int i = 0; i < out.length; i++) {
            out[i] = (byte) Integer.parseInt(hex, 2 * i, 2 * i + 2, 16);
        }
        return out;
    }

    /** kSigning = HMAC(HMAC(HMAC(HMAC("AWS4" + secret, date), region), service), "aws4_request"). */
    static byte[] signingKey(String secret, String date, String region, String service) {
        byte[] key = hmac(("AWS4" + secret).getBytes(StandardCharsets.UTF_8), date);
        key = hmac(key, region);
        key = hmac(key, service);
        return hmac(key, TERMINATOR);
    }

    /** Compares two hex signatures without leaking where they first differ. */
    static boolean sameSignature(String expected, String provided) {
        return MessageDigest.isEqual(expected.getBytes(StandardCharsets.US_ASCII),
                provided.getBytes(StandardCharsets.US_ASCII));
    }
}
