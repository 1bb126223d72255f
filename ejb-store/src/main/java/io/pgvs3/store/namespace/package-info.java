/**
 * Namespaces: the rows of {@code pgvs3.namespaces} (find, lock for a write or a drop, insert, delete),
 * each namespace's schema-qualified statements ({@link io.pgvs3.store.namespace.Namespace#sql}), and the
 * gateway's cache from bucket name to namespace. Creating and dropping a bucket as a whole is
 * {@code store.bucket}'s job.
 */
package io.pgvs3.store.namespace;
