package io.pgvs3.store.namespace;

import java.util.concurrent.ConcurrentHashMap;

import io.pgvs3.store.layout.NamespaceDdl;

/**
 * A namespace row: its id, name and the (generated, checked) schema that holds its tables.
 *
 * @param objectsOid the OID of the schema's {@code objects} table (it keys the read cache), or 0 where
 *                   it was not looked up; the read cache skips such namespaces
 * @param origin     the origin document of an origin-backed bucket (JSON, as stored), else null
 */
public record Namespace(long id, String name, String schema, long objectsOid, String origin) {

    public Namespace {
        NamespaceDdl.checkedSchema(schema);
    }

    /** A namespace whose {@code objects} OID is not known (maintenance, or before its tables exist). */
    public Namespace(long id, String name, String schema) {
        this(id, name, schema, 0, null);
    }

    /** Its objects stand in for those of another S3 (ADR 45). */
    public boolean isOriginBacked() {
        return origin != null;
    }

    /*
     * Statement texts per schema, formatted once: String.format on every statement showed up in
     * profiles of small requests. Schemas are never reused (ns_<id>), so entries of dropped buckets are
     * merely idle; their number is bounded by the buckets this gateway has seen.
     */
    private static final ConcurrentHashMap<String, ConcurrentHashMap<String, String>> STATEMENTS =
            new ConcurrentHashMap<>();

    /** {@code template} (a statement constant with {@code %1$s} or {@code %s} for the schema) for this schema. */
    public String sql(String template) {
        return STATEMENTS.computeIfAbsent(schema, s -> new ConcurrentHashMap<>())
                .computeIfAbsent(template, t -> String.format(t, schema));
    }

    /**
     * {@code template} with every slot but the schema's filled with {@code fragments} (constant SQL), for a
     * statement constant that {@link #sql} then completes: the schema stays {@code %1$s}, the fragments
     * take the template's further slots in order.
     */
    public static String withFragments(String template, String... fragments) {
        Object[] slots = new Object[fragments.length + 1];
        slots[0] = "%1$s";
        System.arraycopy(fragments, 0, slots, 1, fragments.length);
        return String.format(template, slots);
    }

    /** {@code schema.table}, safe to splice into SQL. */
    public String table(String table) {
        return schema + "." + table;
    }
}
