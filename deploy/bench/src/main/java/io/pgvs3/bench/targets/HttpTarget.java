package io.pgvs3.bench.targets;

import io.pgvs3.bench.load.CpuProbe;
import java.net.URI;

/**
 * A plain HTTP server answering unsigned GETs: the runtime floor, a trivial JAX-RS resource on a Liberty
 * server of the gateway's own install.
 *
 * @param name      result name
 * @param host      where it listens (loopback)
 * @param port      its TCP port
 * @param serverPid its process id (0 when unknown)
 * @param build     what runs there, e.g. "Open Liberty 25.0.0.12, runtime-floor.war"
 */
public record HttpTarget(String name, String host, int port, long serverPid, String build) implements Target {
    @Override
    public Role role() {
        return Role.RUNTIME_FLOOR;
    }

    @Override
    public CpuProbe serverCpu() {
        return CpuProbe.process(serverPid);
    }

    /** It uses no database. */
    @Override
    public CpuProbe dbCpu() {
        return CpuProbe.NONE;
    }

    /** A target at {@code http://host:port}; plain HTTP only, which the floor serves on loopback. */
    public static HttpTarget of(String name, String url, long serverPid, String build) {
        URI uri = URI.create(url);
        if (!"http".equals(uri.getScheme()) || uri.getHost() == null || uri.getPort() < 0
                || !(uri.getRawPath() == null || uri.getRawPath().isEmpty() || uri.getRawPath().equals("/"))) {
            throw new IllegalArgumentException("endpoint of " + name + " must look like http://host:port, not " + url);
        }
        return new HttpTarget(name, uri.getHost(), uri.getPort(), serverPid, build);
    }

    /** The Host header value. */
    public String hostHeader() {
        return host + ':' + port;
    }
}
