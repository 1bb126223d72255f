/**
 * Namespaces (buckets): the rows of {@code pgvs3.namespaces}, creating and dropping a namespace's
 * schema, and the gateway's cache from bucket name to schema. Touches the catalog and whole namespace
 * schemas (create/drop, emptiness checks), never individual objects.
 */
package io.pgvs3.store.namespace;
