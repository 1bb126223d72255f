package io.pgvs3.store.layout;

import java.util.List;
import java.util.regex.Pattern;

/**
 * The tables of one namespace schema. Schema names are generated ({@code ns_<id>}) and checked
 * against {@link #SCHEMA_NAME} before they are ever spliced into SQL.
 */
public final class NamespaceDdl {

    public static final Pattern SCHEMA_NAME = Pattern.compile("ns_[0-9]{1,19}");

    /** The storage parameters every chunks table must carry (checked at startup). */
    public static final List<String> CHUNK_RELOPTIONS = List.of(
            "toast_tuple_target=8160",
            "autovacuum_vacuum_scale_factor=0.01",
            "autovacuum_analyze_scale_factor=0.02",
            "autovacuum_vacuum_threshold=1000");

    /**
     * The storage parameter that keeps a row of {@code objects} with an inline body in its heap page up to a
     * whole page (ADR 59), where PostgreSQL's default (2 KB) would move any body past 2 KB to the TOAST table
     * and cost every GET a second index lookup. Namespaces made before it get it at a writable start.
     */
    static final String OBJECT_ROWS_STAY_IN_PAGE =
            objectsSettingsWhereMissing("true", List.of("toast_tuple_target=8160"));

    /**
     * Storage settings of a cache namespace's {@code objects}. Vacuums (ADR 60): a SET of a value over half a page
     * can never keep its new version in the old one's page (no HOT update), so every such SET takes another page,
     * and only a vacuum makes the old one reusable: the table settles where the vacuums' pace meets the SETs'.
     * Early and unthrottled vacuums (with a short {@code autovacuum_naptime}) halve that growth; with
     * PostgreSQL's defaults a SET load grows the table by a page per SET until the launcher's next visit.
     * Fill factor (ADR 61): inserts leave 30 % of a page free, so a row of up to half a page has its page to
     * itself or room beside it, and its SETs are HOT updates in that page.
     */
    static final List<String> CACHE_OBJECTS_RELOPTIONS = List.of(
            "autovacuum_vacuum_cost_delay=0", "autovacuum_vacuum_scale_factor=0.01", "autovacuum_vacuum_threshold=1000",
            "fillfactor=70");

    /** Gives {@link #CACHE_OBJECTS_RELOPTIONS} to the cache namespaces made before them (a writable start). */
    static final String CACHE_OBJECTS_SETTINGS_WHERE_MISSING =
            objectsSettingsWhereMissing("ns.kind = 'cache'", CACHE_OBJECTS_RELOPTIONS);

    /**
     * A DO block that gives {@code reloptions} ({@code name=value}, as {@code pg_class.reloptions} holds them) to the
     * {@code objects} of every namespace matching {@code which} (a condition on {@code pgvs3.namespaces ns}) that
     * lacks any of them.
     */
    private static String objectsSettingsWhereMissing(String which, List<String> reloptions) {
        return """
                DO $$
                DECLARE s text;
                BEGIN
                  FOR s IN SELECT n.nspname FROM pg_class c
                             JOIN pg_namespace n ON n.oid = c.relnamespace
                             JOIN pgvs3.namespaces ns ON ns.schema_name = n.nspname
                            WHERE c.relname = 'objects' AND %s
                              AND NOT coalesce(c.reloptions, '{}') @> '{%s}'
                  LOOP
                    EXECUTE format('ALTER TABLE %%I.objects SET (%s)', s);
                  END LOOP;
                END $$""".formatted(which, String.join(",", reloptions), String.join(", ", reloptions));
    }

    /** Columns of {@code objects} added last in layout v1: a schema without them predates it. */
    static final List<String> LATEST_OBJECT_COLUMNS = List.of("content_headers", "checksum_type");

    /**
     * Relations a namespace schema must hold. The indexes on file references serve the rule that a file
     * becomes garbage only when no object or part references it any more (ADR 3).
     */
    static final List<String> RELATIONS = List.of(
            "objects", "chunks", "uploads", "upload_parts", "garbage", "garbage_by_age",
            "objects_file_id_idx", "objects_parts_idx", "upload_parts_file_id_key");

    /**
     * The chunk table after its name: one row = one 8 KiB page, its storage and vacuum settings. The
     * benchmark's PostgreSQL floor creates its table with it too, so the floor stores rows as we do.
     */
    public static final String CHUNKS_COLUMNS_AND_OPTIONS = """
            (
                file_id int8 NOT NULL,
                no      int4 NOT NULL,
                data    bytea STORAGE EXTERNAL NOT NULL,
                PRIMARY KEY (file_id, no),
                CONSTRAINT chunk_shape CHECK (no >= 0 AND octet_length(data) BETWEEN 1 AND 8120)
            ) WITH (toast_tuple_target = 8160, autovacuum_vacuum_scale_factor = 0.01,
                    autovacuum_analyze_scale_factor = 0.02, autovacuum_vacuum_threshold = 1000)""";

    private static final String TEMPLATE = """
            CREATE SCHEMA @;
            -- created_at: first publication of the key; modified_at: this version (Last-Modified).
            -- Bodies up to 64 KiB are inline (zstd-compressed when that is shorter, then inline_zstd);
            -- larger ones are one chunked file, or an ordered list of part files.
            CREATE TABLE @.objects (
                key                text COLLATE "C" PRIMARY KEY,
                size               int8 NOT NULL,
                etag               text NOT NULL,
                sha256             bytea NOT NULL,
                content_type       text NOT NULL DEFAULT 'application/octet-stream',
                user_metadata      text[] NOT NULL DEFAULT '{}',
                created_at         timestamptz NOT NULL DEFAULT now(),
                modified_at        timestamptz NOT NULL DEFAULT now(),
                inline_data        bytea STORAGE EXTERNAL,
                inline_zstd        boolean NOT NULL DEFAULT false,
                file_id            int8,
                parts              int8[],
                part_ends          int8[],
                -- Cache-Control, Content-Disposition, Content-Encoding, Content-Language, Expires as sent
                content_headers    text[] NOT NULL DEFAULT '{}',
                checksum_algorithm text,
                checksum_type      text,
                checksum_value     text,
                expires_at         timestamptz,
                origin_validator   text,
                -- the shape of a row (see shapeFunction): one call instead of three CHECKs (docs/adr/0063)
                CONSTRAINT row_shape CHECK (%SHAPE%)
            ) WITH (autovacuum_vacuum_scale_factor = 0.02, toast_tuple_target = 8160);
            CREATE INDEX objects_file_id_idx ON @.objects (file_id) WHERE file_id IS NOT NULL;
            CREATE INDEX objects_parts_idx ON @.objects USING gin (parts) WHERE parts IS NOT NULL;
            CREATE INDEX objects_expiry_idx ON @.objects (expires_at) WHERE expires_at IS NOT NULL;
            -- One row = one 8 KiB page: row no holds logical bytes [no*8120, (no+1)*8120), stored
            -- zstd-compressed only when shorter (the reader tells by length).
            CREATE TABLE @.chunks """ + CHUNKS_COLUMNS_AND_OPTIONS + """
            ;
            CREATE TABLE @.uploads (
                upload_id          text PRIMARY KEY,
                key                text COLLATE "C" NOT NULL,
                content_type       text NOT NULL DEFAULT 'application/octet-stream',
                user_metadata      text[] NOT NULL DEFAULT '{}',
                checksum_algorithm text,
                checksum_type      text,
                created_at         timestamptz NOT NULL DEFAULT now(),
                CONSTRAINT upload_shape CHECK (
                    octet_length(key) BETWEEN 1 AND 1024
                    AND cardinality(user_metadata) <= 256 AND cardinality(user_metadata) % 2 = 0
                    AND octet_length(content_type) BETWEEN 1 AND 1024
                    AND (checksum_algorithm IS NULL OR checksum_algorithm IN
                        ('CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'))
                    AND (checksum_type IS NULL OR checksum_type IN ('COMPOSITE', 'FULL_OBJECT')))
            );
            CREATE INDEX uploads_by_key ON @.uploads (key, upload_id);
            CREATE INDEX uploads_by_age ON @.uploads (created_at, upload_id);
            CREATE TABLE @.upload_parts (
                upload_id  text NOT NULL REFERENCES @.uploads ON DELETE CASCADE,
                part_no    int4 NOT NULL,
                file_id    int8 NOT NULL UNIQUE,
                size       int8 NOT NULL,
                sha256     bytea NOT NULL,
                md5        bytea NOT NULL,
                checksum   text,
                created_at timestamptz NOT NULL DEFAULT now(),
                PRIMARY KEY (upload_id, part_no),
                CONSTRAINT part_shape CHECK (
                    part_no BETWEEN 1 AND 10000
                    AND size BETWEEN 0 AND 2147483648 * 8120
                    AND octet_length(sha256) = 32 AND octet_length(md5) = 16
                    AND (checksum IS NULL OR octet_length(checksum) BETWEEN 1 AND 128))
            );
            -- Files whose last reference was dropped, queued in that same transaction.
            CREATE TABLE @.garbage (
                file_id   int8 PRIMARY KEY,
                queued_at timestamptz NOT NULL DEFAULT now()
            );
            CREATE INDEX garbage_by_age ON @.garbage (queued_at, file_id);
            """;

    /** The shape functions (in schema pgvs3) of a bucket's and of a cache namespace's rows. */
    private static final String BUCKET_SHAPE = "bucket_object_shape";
    private static final String CACHE_SHAPE = "cache_object_shape";

    /** An S3 object has a key of 1 to 1,024 bytes, an MD5-based ETag and its SHA-256. */
    private static final String BUCKET_IDENTITY = """
            octet_length(key) BETWEEN 1 AND 1024
                    AND size >= 0
                    AND octet_length(sha256) = 32
                    AND etag ~ '^[0-9a-f]{32}(-[1-9][0-9]{0,4})?$'""";

    /**
     * A cache namespace also holds RESP values: their keys may be empty (Redis allows it) and longer,
     * still within a B-tree entry, and they carry no S3 validators (empty etag and sha256; computing
     * two digests per SET would cost more than the write). Origin-cache rows keep the S3 shape.
     */
    private static final String CACHE_IDENTITY = """
            octet_length(key) <= 2048
                    AND size >= 0
                    AND ((etag = '' AND octet_length(sha256) = 0)
                        OR (octet_length(sha256) = 32 AND etag ~ '^[0-9a-f]{32}(-[1-9][0-9]{0,4})?$'))""";

    /** The columns a row's shape depends on: the shape functions' parameters, in their order. */
    private static final String SHAPE_PARAMETERS = "key text, size int8, etag text, sha256 bytea, content_type text,"
            + " user_metadata text[], content_headers text[], inline_data bytea, inline_zstd boolean, file_id int8,"
            + " parts int8[], part_ends int8[], checksum_algorithm text, checksum_type text, checksum_value text";
    private static final String SHAPE_ARGUMENTS = SHAPE_PARAMETERS.replaceAll(" [a-z0-9]+(\\[])?(,|$)", "$2");

    /**
     * What a row of {@code objects} must be (%IDENTITY% is the namespace kind's): small S3 metadata; an inline
     * body, one chunked file, or an ordered list of part files whose first is the file and whose last end is
     * the size; a checksum's three columns set together. The parameters are named as the columns, so the
     * expression reads as the CHECK it replaces (docs/adr/0063).
     */
    private static final String ROW_SHAPE = """
            (%IDENTITY%
                AND cardinality(user_metadata) <= 256 AND cardinality(user_metadata) % 2 = 0
                AND cardinality(content_headers) <= 10 AND cardinality(content_headers) % 2 = 0
                AND octet_length(content_type) BETWEEN 1 AND 1024)
            AND ((inline_data IS NOT NULL AND file_id IS NULL AND parts IS NULL AND part_ends IS NULL
                    AND size <= 65536
                    AND (inline_zstd OR octet_length(inline_data) = size))
                OR (inline_data IS NULL AND NOT inline_zstd AND file_id IS NOT NULL
                    AND parts IS NULL AND part_ends IS NULL AND size <= 2147483648 * 8120)
                OR (inline_data IS NULL AND NOT inline_zstd AND file_id IS NOT NULL
                    AND parts IS NOT NULL AND part_ends IS NOT NULL
                    AND array_ndims(parts) = 1 AND array_lower(parts, 1) = 1
                    AND array_ndims(part_ends) = 1 AND array_lower(part_ends, 1) = 1
                    AND cardinality(parts) >= 1 AND cardinality(parts) = cardinality(part_ends)
                    AND parts[1] = file_id AND part_ends[cardinality(part_ends)] = size
                    AND array_position(parts, NULL) IS NULL
                    AND array_position(part_ends, NULL) IS NULL))
            AND ((checksum_algorithm IS NULL) = (checksum_value IS NULL)
                AND (checksum_algorithm IS NULL) = (checksum_type IS NULL)
                AND (checksum_type IS NULL OR checksum_type IN ('FULL_OBJECT', 'COMPOSITE'))
                AND (checksum_algorithm IS NULL OR checksum_algorithm IN
                    ('CRC32', 'CRC32C', 'CRC64NVME', 'SHA1', 'SHA256'))
                AND (checksum_value IS NULL OR octet_length(checksum_value) BETWEEN 1 AND 128))""";

    /**
     * The shape functions, one per identity. PostgreSQL rebuilds a table's CHECK expressions from their node
     * strings for every statement that writes a row (about 70 µs for the three inline CHECKs this replaced); a
     * plpgsql function is compiled once per session and its expression kept as a cached plan, so the one CHECK
     * that calls it costs a fraction of that (docs/adr/0063). IMMUTABLE: it reads nothing but its arguments.
     * Created or replaced at every writable start and with a new database.
     */
    static final String SHAPE_FUNCTIONS = shapeFunction(BUCKET_SHAPE, BUCKET_IDENTITY) + ";\n"
            + shapeFunction(CACHE_SHAPE, CACHE_IDENTITY);

    private static String shapeFunction(String name, String identity) {
        return "CREATE OR REPLACE FUNCTION pgvs3." + name + "(" + SHAPE_PARAMETERS + ") RETURNS boolean"
                + " LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $shape$ BEGIN RETURN "
                + ROW_SHAPE.replace("%IDENTITY%", identity) + "; END $shape$";
    }

    /** The CHECK expression of {@code objects} in a namespace of the identity the function {@code name} checks. */
    private static String shapeCall(String name) {
        return "pgvs3." + name + "(" + SHAPE_ARGUMENTS + ")";
    }

    /** The {@code objects} table of a bucket and of a cache namespace, each with its kind's row_shape CHECK. */
    private static final String BUCKET_TEMPLATE = TEMPLATE.replace("%SHAPE%", shapeCall(BUCKET_SHAPE));
    private static final String CACHE_TEMPLATE = TEMPLATE.replace("%SHAPE%", shapeCall(CACHE_SHAPE));

    /**
     * Replaces the three inline CHECKs of namespaces made before the shape functions by the one that calls its
     * kind's (a writable start, after {@link #SHAPE_FUNCTIONS}). NOT VALID: every existing row passed the
     * same conditions when it was written, so no table is scanned and the brief lock is all it costs; new
     * and updated rows are checked as before.
     */
    static final String SHAPE_CHECKS_WHERE_INLINE = """
            DO $$
            DECLARE r record;
            BEGIN
              FOR r IN SELECT n.nspname, ns.kind FROM pg_constraint k
                         JOIN pg_class c ON c.oid = k.conrelid
                         JOIN pg_namespace n ON n.oid = c.relnamespace
                         JOIN pgvs3.namespaces ns ON ns.schema_name = n.nspname
                        WHERE c.relname = 'objects' AND k.conname = 'body_shape'
              LOOP
                EXECUTE format('ALTER TABLE %I.objects DROP CONSTRAINT object_shape, DROP CONSTRAINT body_shape,'
                    || ' DROP CONSTRAINT checksum_shape, ADD CONSTRAINT row_shape CHECK (%s) NOT VALID', r.nspname,
                    CASE WHEN r.kind = 'cache' THEN '@CACHE@' ELSE '@BUCKET@' END);
              END LOOP;
            END $$""".replace("@CACHE@", shapeCall(CACHE_SHAPE)).replace("@BUCKET@", shapeCall(BUCKET_SHAPE));

    /** SCAN walks keys in the order of this hash, so a numeric cursor resumes where the last page ended. */
    private static final String CACHE_EXTRAS = """
            CREATE INDEX objects_scan_idx ON @.objects (hashtextextended(key, 0));
            ALTER TABLE @.objects SET (%s);
            """.formatted(String.join(", ", CACHE_OBJECTS_RELOPTIONS));

    /**
     * What an origin-backed bucket keeps beside its objects (ADR 45): per key, the origin's validator of
     * the cached body and when the origin last confirmed it, and the generation of the last write-through
     * or delete (a tombstone when {@code deleted}). A fill publishes only when no generation of its key is
     * newer than the one it drew when it started, so a fill that began before a delete or an overwrite
     * can never resurrect or replace what came after it.
     */
    private static final String ORIGIN_TABLES = """
            CREATE SEQUENCE @.origin_generations AS int8;
            CREATE TABLE @.origin_keys (
                key        text COLLATE "C" PRIMARY KEY,
                generation int8 NOT NULL,
                deleted    boolean NOT NULL DEFAULT false,
                validator  text,
                checked_at timestamptz,
                CONSTRAINT origin_key_shape CHECK (octet_length(key) BETWEEN 1 AND 1024
                    AND (validator IS NULL OR octet_length(validator) <= 1024))
            );
            -- Write-back: acknowledged objects not yet at the origin, one row per key (the latest write).
            -- The flush is current while its generation is the key's; the object row holds the body, so
            -- the reaper never touches it while pending.
            CREATE TABLE @.outbox (
                key           text COLLATE "C" PRIMARY KEY,
                generation    int8 NOT NULL,
                size          int8 NOT NULL,
                queued_at     timestamptz NOT NULL DEFAULT clock_timestamp(),
                attempts      int4 NOT NULL DEFAULT 0,
                next_try_at   timestamptz NOT NULL DEFAULT clock_timestamp(),
                claimed_until timestamptz,
                last_error    text
            );
            CREATE INDEX outbox_due ON @.outbox (next_try_at);
            -- Who fills a key now (by the database's clock): concurrent misses on any gateway wait for the
            -- holder instead of asking the origin again; a holder that dies lets its lease run out.
            CREATE TABLE @.fill_leases (
                key        text COLLATE "C" PRIMARY KEY,
                token      int8 NOT NULL,
                expires_at timestamptz NOT NULL
            );
            """;

    /**
     * What layout 3 added to every origin-backed bucket (the upgrade creates it in the buckets of layout
     * 2, so every statement tolerates an existing object).
     */
    private static final String ORIGIN_TABLES_SINCE_3 = """
            -- What the origin's HEAD said of a key not held here (never a body): while fresh (the bucket's
            -- TTL) a HEAD or a cold range of it asks the origin for nothing but its bytes.
            CREATE TABLE IF NOT EXISTS @.origin_metadata (
                key             text COLLATE "C" PRIMARY KEY,
                size            int8 NOT NULL,
                validator       text NOT NULL,
                content_type    text NOT NULL,
                user_metadata   text[] NOT NULL,
                content_headers text[] NOT NULL,
                last_modified   timestamptz,
                checked_at      timestamptz NOT NULL DEFAULT clock_timestamp()
            );
            -- Multipart uploads a flush began at the origin and has not ended: a gateway that dies during
            -- one leaves its row, and the key's next flush aborts it there.
            CREATE TABLE IF NOT EXISTS @.origin_uploads (
                upload_id  text PRIMARY KEY,
                key        text COLLATE "C" NOT NULL,
                started_at timestamptz NOT NULL DEFAULT clock_timestamp()
            );
            CREATE INDEX IF NOT EXISTS origin_uploads_key ON @.origin_uploads (key);
            """;

    /**
     * What layout 4 added to every origin-backed bucket (ADR 52; created by the upgrade in the buckets of
     * layouts 2 and 3, so every statement tolerates an existing object).
     */
    private static final String ORIGIN_TABLES_SINCE_4 = """
            -- Aligned blocks of cold ranges of large objects (rangeCache): bytes [block_no * block_size, ...)
            -- of the origin's version validator, in the chunked file file_id. A block serves only while no
            -- write or delete of its key drew a generation newer than the one drawn before its fetch.
            CREATE TABLE IF NOT EXISTS @.origin_blocks (
                key        text COLLATE "C" NOT NULL,
                validator  text NOT NULL,
                block_size int8 NOT NULL,
                block_no   int4 NOT NULL,
                generation int8 NOT NULL,
                file_id    int8 NOT NULL UNIQUE,
                length     int8 NOT NULL,
                fetched_at timestamptz NOT NULL DEFAULT clock_timestamp(),
                PRIMARY KEY (key, validator, block_size, block_no),
                CONSTRAINT origin_block_shape CHECK (block_no >= 0 AND length BETWEEN 1 AND block_size)
            );
            """;

    private NamespaceDdl() {
    }

    /** The schema name of namespace {@code id}. */
    public static String schemaName(long id) {
        return "ns_" + id;
    }

    /** The whole DDL of one bucket namespace, as one multi-statement script. */
    public static String script(String schema) {
        return BUCKET_TEMPLATE.replace("@", checkedSchema(schema));
    }

    /** The DDL of an origin-backed bucket: {@link #script} and the origin's bookkeeping. */
    public static String originScript(String schema) {
        return (BUCKET_TEMPLATE + ORIGIN_TABLES + ORIGIN_TABLES_SINCE_3
                + ORIGIN_TABLES_SINCE_4).replace("@", checkedSchema(schema));
    }

    /** What the upgrade to this layout adds to an origin-backed bucket of layout 2 or 3. */
    public static String originUpgradeScript(String schema) {
        return (ORIGIN_TABLES_SINCE_3 + ORIGIN_TABLES_SINCE_4).replace("@", checkedSchema(schema));
    }

    /** The DDL of one cache namespace (RESP values): {@link #script} with the cache rules. */
    public static String cacheScript(String schema) {
        return (CACHE_TEMPLATE + CACHE_EXTRAS).replace("@", checkedSchema(schema));
    }

    /** Returns {@code schema} if it is a generated namespace schema name, else refuses it. */
    public static String checkedSchema(String schema) {
        if (schema == null || !SCHEMA_NAME.matcher(schema).matches()) {
            throw new IllegalArgumentException("not a namespace schema name: " + schema);
        }
        return schema;
    }
}
