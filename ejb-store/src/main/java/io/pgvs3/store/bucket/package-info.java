/**
 * Buckets as a whole: creating one (its namespace row and schema), checking and listing them, and
 * dropping an empty one. Goes through {@code store.access} like every worker.
 */
package io.pgvs3.store.bucket;
