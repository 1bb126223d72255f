package io.pgvs3.s3.route;

import java.util.List;
import java.util.Locale;

/**
 * Virtual-hosted-style addressing: a request to {@code bucket.<domain>} names the bucket in the Host
 * header. It is turned into the path-style form the router understands, so both styles share one route.
 */
public final class VirtualHostStyle {

    private VirtualHostStyle() {
    }

    /**
     * @param host    the Host header (with or without a port), may be null
     * @param domains the configured S3 domains, e.g. {@code s3.example.com}
     * @return the path-style raw path: {@code /bucket} + rawPath for a virtual-hosted request, else rawPath
     */
    public static String toPathStyle(String host, List<String> domains, String rawPath) {
        if (host == null || domains.isEmpty()) {
            return rawPath;
        }
        String name = stripPort(host.trim()).toLowerCase(Locale.ROOT);
        for (String domain : domains) {
            String suffix = "." + domain.toLowerCase(Locale.ROOT);
            if (name.endsWith(suffix) && name.length() > suffix.length()) {
                String bucket = name.substring(0, name.length() - suffix.length());
                return "/" + bucket + (rawPath.isEmpty() ? "/" : rawPath);
            }
        }
        return rawPath;
    }

    private static String stripPort(String host) {
        if (host.startsWith("[")) {
            return host; // an IPv6 literal is never a bucket host
        }
        int colon = host.lastIndexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }
}
