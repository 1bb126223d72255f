package io.pgvs3.store.layout;

import java.util.List;

/** The catalog schema {@code pgvs3}: layout version, namespaces and the global file-id sequence. */
final class CatalogDdl {

    /** The only layout this code reads and writes; the previous one is upgraded in place (below). */
    static final int LAYOUT_VERSION = 2;

    /**
     * Brings a database of the previous layout to this one (within the layout lock), or changes nothing.
     * Version 2 only adds origin-backed buckets, whose tables come with each such bucket.
     */
    static final String UPGRADE_FROM_PREVIOUS = "UPDATE pgvs3.layout SET version = " + LAYOUT_VERSION
            + " WHERE version = " + (LAYOUT_VERSION - 1) + " AND (SELECT count(*) FROM pgvs3.layout) = 1";

    static final List<String> STATEMENTS = List.of(
            "CREATE SCHEMA pgvs3",
            "CREATE TABLE pgvs3.layout (version int4 NOT NULL)",
            """
            CREATE TABLE pgvs3.namespaces (
                id          bigserial PRIMARY KEY,
                name        text COLLATE "C" NOT NULL UNIQUE,
                kind        text NOT NULL CHECK (kind IN ('bucket', 'cache', 'writeback')),
                schema_name text NOT NULL UNIQUE CHECK (schema_name ~ '^ns_[0-9]+$'),
                created_at  timestamptz NOT NULL DEFAULT now(),
                settings    jsonb NOT NULL DEFAULT '{}',
                origin      jsonb,
                CONSTRAINT namespace_name_shape CHECK (octet_length(name) BETWEEN 1 AND 255)
            )""",
            // ids of chunked files in every namespace; never reused, gaps are normal
            "CREATE SEQUENCE pgvs3.file_ids AS int8 START 1",
            "INSERT INTO pgvs3.layout (version) VALUES (" + LAYOUT_VERSION + ")");

    private CatalogDdl() {
    }
}
