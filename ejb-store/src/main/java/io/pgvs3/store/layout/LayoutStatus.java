package io.pgvs3.store.layout;

/**
 * The outcome of a successful startup check.
 *
 * @param created    this start created the layout (the database was empty)
 * @param namespaces how many namespaces were verified
 */
public record LayoutStatus(int version, boolean created, int namespaces) {
}
