package io.pgvs3.s3.http;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.util.Locale;
import java.util.regex.Pattern;

/**
 * Plaintext HTTP is served on loopback only, unless {@code pgvs3.allow-plaintext} says that a trusted
 * proxy terminates TLS (docs/adr/0005). Decided per request from the address the connection arrived on,
 * and per configuration for readiness. Never resolves names: only literal addresses and
 * {@code localhost} count as loopback.
 */
public final class PlaintextPolicy {

    private static final Pattern DOTTED_DIGITS = Pattern.compile("[0-9.]+");

    private PlaintextPolicy() {
    }

    /** Whether a request that arrived on {@code localAddress} may be served. */
    public static boolean permits(boolean secure, String localAddress, boolean allowPlaintext) {
        return secure || allowPlaintext || isLoopback(localAddress);
    }

    /**
     * Why this configuration can serve no client beyond this host, or null: plaintext HTTP bound to a
     * non-loopback address, no HTTPS port, and plaintext not allowed.
     */
    public static String configurationProblem(String host, int httpPort, int httpsPort, boolean allowPlaintext) {
        if (allowPlaintext || httpPort <= 0 || httpsPort > 0 || isLoopback(host)) {
            return null;
        }
        return "the S3 port " + httpPort + " listens on " + host + " in plaintext and no HTTPS port is set:"
                + " set pgvs3.s3.https.port (with a keystore), bind pgvs3.s3.host to loopback, or set"
                + " pgvs3.allow-plaintext=true behind a TLS-terminating proxy";
    }

    static boolean isLoopback(String address) {
        if (address == null || address.isBlank()) {
            return false;
        }
        String a = address.strip().toLowerCase(Locale.ROOT);
        if (a.equals("localhost")) {
            return true;
        }
        if (a.startsWith("[") && a.endsWith("]")) {
            a = a.substring(1, a.length() - 1);
        }
        boolean literal = a.indexOf(':') >= 0 || DOTTED_DIGITS.matcher(a).matches();
        if (!literal) {
            return false; // a name (or *): never resolved here
        }
        try {
            return InetAddress.getByName(a).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
