package io.pgvs3.store.layout;

import java.util.List;

/** The catalog schema {@code pgvs3}: layout version, namespaces and the global file-id sequence. */
final class CatalogDdl {

    /** The only layout this code reads and writes; the previous one is upgraded in place (below). */
    static final int LAYOUT_VERSION = 4;

    /**
     * Brings a database of an earlier layout to this one (within the layout lock), or changes nothing.
     * Version 2 added origin-backed buckets, whose tables come with each such bucket; versions 3 and 4
     * added tables to each of them ({@link #ORIGIN_BACKED_SCHEMAS}).
     */
    static final String UPGRADE_FROM_EARLIER = "UPDATE pgvs3.layout SET version = " + LAYOUT_VERSION
            + " WHERE version IN (1, 2, 3) AND (SELECT count(*) FROM pgvs3.layout) = 1";

    /** The schemas that an upgrade completes with {@link NamespaceDdl#originUpgradeScript}. */
    static final String ORIGIN_BACKED_SCHEMAS = "SELECT schema_name FROM pgvs3.namespaces WHERE origin IS NOT NULL";

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
