package io.pgvs3.store.layout;

/**
 * The outcome of a successful startup check.
 *
 * @param created    this start created the layout (the database was empty)
 * @param namespaces how many namespaces were verified
 * @param readOnly   the gateway uses the database read-only: {@code pgvs3.read-only} is set, or the database
 *                   was in recovery (a standby) when it was checked
 */
public record LayoutStatus(int version, boolean created, int namespaces, boolean readOnly) {
}
