package io.pgvs3.store.config;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * Remote PostgreSQL only over TLS that verifies the server: {@code sslmode=verify-full} (or
 * {@code verify-ca}) in the JDBC URL, unless every host is loopback or {@code pgvs3.db.allow-plaintext}
 * is set. PgJDBC's default, {@code prefer}, would silently fall back to plaintext, and {@code require}
 * encrypts without knowing whom it talks to. Host names other than {@code localhost} count as remote:
 * the decision never depends on DNS.
 */
public final class DbTransportPolicy {

    private static final Set<String> VERIFYING = Set.of("verify-full", "verify-ca");
    private static final Pattern IPV4 = Pattern.compile("\\d{1,3}(\\.\\d{1,3}){3}");
    private static final String PREFIX = "jdbc:postgresql:";

    private DbTransportPolicy() {
    }

    /** Null when the URL may be used; otherwise why not, worded for the operator. */
    public static String refusal(String jdbcUrl, boolean allowPlaintext) {
        if (allowPlaintext) {
            return null;
        }
        if (jdbcUrl == null || !jdbcUrl.startsWith(PREFIX)) {
            return "pgvs3.db.url is not a PostgreSQL JDBC URL (jdbc:postgresql://host:port/database)";
        }
        String rest = jdbcUrl.substring(PREFIX.length());
        int query = rest.indexOf('?');
        String sslmode = sslMode(query < 0 ? "" : rest.substring(query + 1));
        if (sslmode != null && VERIFYING.contains(sslmode)) {
            return null;
        }
        String remote = firstRemoteHost(query < 0 ? rest : rest.substring(0, query));
        if (remote == null) {
            return null;
        }
        return "refusing to reach PostgreSQL at " + remote + " without verified TLS (sslmode="
                + (sslmode == null ? "unset, i.e. prefer" : sslmode) + "): add sslmode=verify-full (with sslrootcert)"
                + " to pgvs3.db.url, or set pgvs3.db.allow-plaintext=true if the network is trusted";
    }

    /** The effective sslmode: explicit, or verify-full implied by ssl=true (PgJDBC's rule); null if unset. */
    static String sslMode(String query) {
        Map<String, String> params = new HashMap<>();
        for (String pair : query.split("&")) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                params.put(decode(pair.substring(0, eq)).toLowerCase(Locale.ROOT), decode(pair.substring(eq + 1)));
            }
        }
        String mode = params.get("sslmode");
        if (mode != null) {
            return mode.trim().toLowerCase(Locale.ROOT);
        }
        return "true".equalsIgnoreCase(params.get("ssl")) ? "verify-full" : null;
    }

    /** The first host of {@code //host1:port,host2/db} that is not loopback; null if all are (or none is named). */
    static String firstRemoteHost(String location) {
        if (!location.startsWith("//")) {
            return null; // jdbc:postgresql:database means localhost
        }
        String authority = location.substring(2);
        int slash = authority.indexOf('/');
        if (slash >= 0) {
            authority = authority.substring(0, slash);
        }
        if (authority.isEmpty()) {
            return null;
        }
        for (String hostPort : authority.split(",")) {
            String host = host(hostPort.trim());
            if (!isLoopback(host)) {
                return host;
            }
        }
        return null;
    }

    private static String host(String hostPort) {
        if (hostPort.startsWith("[")) {
            int close = hostPort.indexOf(']');
            return close > 0 ? hostPort.substring(1, close) : hostPort;
        }
        int colon = hostPort.lastIndexOf(':');
        return colon >= 0 ? hostPort.substring(0, colon) : hostPort;
    }

    /** Literal loopback only: localhost, 127.0.0.0/8, ::1. */
    public static boolean isLoopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        if (h.startsWith("[") && h.endsWith("]")) {
            h = h.substring(1, h.length() - 1);
        }
        if (h.equals("localhost") || h.equals("::1") || h.equals("0:0:0:0:0:0:0:1")) {
            return true;
        }
        if (h.startsWith("::ffff:")) {
            h = h.substring("::ffff:".length());
        }
        return IPV4.matcher(h).matches() && h.startsWith("127.");
    }

    private static String decode(String s) {
        return URLDecoder.decode(s, StandardCharsets.UTF_8);
    }
}
