package io.pgvs3.bench.targets;

import io.pgvs3.bench.load.CpuProbe;

/** Something a case runs against. */
public sealed interface Target permits S3Target, SqlTarget, HttpTarget {
    /** The name results carry, e.g. pgvs3, s3proxy, floor, runtime-floor. */
    String name();

    Role role();

    /** What runs there (build and version), recorded with every result. */
    String build();

    /** The serving process (the gateway, peer or runtime floor JVM), or {@link CpuProbe#NONE}. */
    CpuProbe serverCpu();

    /** PostgreSQL's processes, or {@link CpuProbe#NONE} for servers that do not use it. */
    CpuProbe dbCpu();
}
