package io.pgvs3.bench.targets;

/** How a target appears in the report. */
public enum Role {
    /** What is being measured: the gateway built from this checkout. */
    SUBJECT,
    /** A mainstream server measured in the same run (S3Proxy). */
    PEER,
    /** The speed of PostgreSQL itself for the same small read (a primary-key SELECT). */
    FLOOR,
    /** The speed of the gateway's Liberty itself for a small answer (a trivial JAX-RS resource). */
    RUNTIME_FLOOR,
    /** An earlier build the subject is compared with in paired mode. */
    BASELINE
}
