package io.pgvs3.bench.targets;

import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.load.CpuProbe;

/**
 * An S3 server.
 *
 * @param name      result name
 * @param role      report role
 * @param endpoint  where it listens, the bucket and the keys
 * @param serverPid its process id (0 when unknown)
 * @param dbPid     the postmaster it uses (0 for none)
 * @param build     what runs there, e.g. "pgvs3 1a2b3c4" or "S3Proxy 4.1.0 filesystem"
 */
public record S3Target(String name, Role role, Endpoint endpoint, long serverPid, long dbPid, String build)
        implements Target {
    @Override
    public CpuProbe serverCpu() {
        return CpuProbe.process(serverPid);
    }

    /** The CPU its JIT compiler threads took so far (the server is a HotSpot JVM). */
    public CpuProbe compilerCpu() {
        return CpuProbe.compiler(serverPid);
    }

    @Override
    public CpuProbe dbCpu() {
        return CpuProbe.tree(dbPid);
    }
}
