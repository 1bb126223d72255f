/**
 * The store's one data-access path ({@link io.pgvs3.store.access.DataAccess}): a session of the right
 * pool, the bucket's namespace, one retry after a stale namespace, a transaction that ends with the
 * COMMIT/ROLLBACK statements of docs/adr/0041, and SQL failures turned into store errors. Every reader,
 * writer, lister, multipart and KV worker goes through it; it knows no table.
 */
package io.pgvs3.store.access;
