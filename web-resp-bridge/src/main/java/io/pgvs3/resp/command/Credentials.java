package io.pgvs3.resp.command;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;

/**
 * The gateway's S3 credentials as RESP passwords: {@code AUTH <secret>} (the default user) or
 * {@code AUTH <access-key> <secret>} ({@code default} is accepted as the user too). Compared in constant time.
 */
public record Credentials(boolean required, String accessKey, String secretKey) {

    public boolean matches(byte[] user, byte[] password) {
        if (secretKey == null || accessKey == null) {
            return false;
        }
        boolean userOk = user == null || MessageDigest.isEqual(user, accessKey.getBytes(StandardCharsets.UTF_8))
                || MessageDigest.isEqual(user, "default".getBytes(StandardCharsets.US_ASCII));
        return MessageDigest.isEqual(password, secretKey.getBytes(StandardCharsets.UTF_8)) & userOk;
    }
}
