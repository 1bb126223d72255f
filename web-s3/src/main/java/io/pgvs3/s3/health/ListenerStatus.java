package io.pgvs3.s3.health;

import java.util.Optional;
import java.util.Set;

/**
 * Whether the S3 listeners (HTTP, and HTTPS when configured) are bound by this gateway. Liberty logs a
 * failed bind (CWWKO0221E) and goes on without the port, so readiness must look for itself.
 *
 * @param http    the HTTP port is bound, or empty where it cannot be told
 * @param https   the HTTPS port is bound, or empty where it cannot be told or HTTPS is off
 * @param problem why the gateway does not serve S3, or null
 */
record ListenerStatus(Optional<Boolean> http, Optional<Boolean> https, String problem) {

    static ListenerStatus of(Optional<Set<Integer>> ownPorts, String host, int httpPort, int httpsPort) {
        Optional<Boolean> http = ownPorts.map(ports -> ports.contains(httpPort));
        Optional<Boolean> https = httpsPort > 0 ? ownPorts.map(ports -> ports.contains(httpsPort)) : Optional.empty();
        String problem = !http.orElse(true) ? unbound("S3", host, httpPort)
                : !https.orElse(true) ? unbound("S3 HTTPS", host, httpsPort) : null;
        return new ListenerStatus(http, https, problem);
    }

    private static String unbound(String listener, String host, int port) {
        return "the " + listener + " listener " + host + ":" + port + " is not bound by this gateway (another process"
                + " may hold the port; Liberty logs CWWKO0221E)";
    }
}
