package io.pgvs3.admin.auth;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Base64;
import java.util.Optional;

/** A user name and password, as configured or as sent in an {@code Authorization: Basic} header. */
public record BasicCredentials(String user, String password) {

    private static final String SCHEME = "basic ";
    /** Longer headers are refused before decoding. */
    static final int MAX_HEADER = 4096;

    @Override
    public String toString() {
        return "BasicCredentials[" + user + ", ****]";
    }

    /** Parses an Authorization header value; empty when absent, not Basic or malformed. */
    public static Optional<BasicCredentials> parse(String header) {
        if (header == null || header.length() > MAX_HEADER || header.length() < SCHEME.length()
                || !header.regionMatches(true, 0, SCHEME, 0, SCHEME.length())) {
            return Optional.empty();
        }
        String decoded;
        try {
            decoded = new String(Base64.getDecoder().decode(header.substring(SCHEME.length()).trim()),
                    StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
        int colon = decoded.indexOf(':');
        return colon < 0 ? Optional.empty()
                : Optional.of(new BasicCredentials(decoded.substring(0, colon), decoded.substring(colon + 1)));
    }

    /** Constant-time in the contents: both parts are always compared. */
    public boolean matches(BasicCredentials presented) {
        boolean user = MessageDigest.isEqual(bytes(this.user), bytes(presented.user));
        boolean password = MessageDigest.isEqual(bytes(this.password), bytes(presented.password));
        return user & password;
    }

    private static byte[] bytes(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }
}
