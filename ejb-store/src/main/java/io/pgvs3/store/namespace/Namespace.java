package io.pgvs3.store.namespace;

import io.pgvs3.store.layout.NamespaceDdl;

/** A namespace row: its id, name and the (generated, checked) schema that holds its tables. */
public record Namespace(long id, String name, String schema) {

    public Namespace {
        NamespaceDdl.checkedSchema(schema);
    }

    /** {@code schema.table}, safe to splice into SQL. */
    public String table(String table) {
        return schema + "." + table;
    }
}
