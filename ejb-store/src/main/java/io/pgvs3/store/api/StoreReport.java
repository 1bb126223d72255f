package io.pgvs3.store.api;

import java.time.Instant;
import java.util.List;

/**
 * What {@link StoreStats#report} measured.
 *
 * @param databaseBytes {@code pg_database_size} of the whole database
 * @param namespaces    in namespace id order
 */
public record StoreReport(Instant takenAt, long databaseBytes, List<NamespaceStats> namespaces) {

    public StoreReport {
        namespaces = List.copyOf(namespaces);
    }
}
