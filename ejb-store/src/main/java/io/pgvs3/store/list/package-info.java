/**
 * ListObjects: byte-ordered range scans of a namespace's {@code objects} primary key on the main
 * pool, delimiter roll-up into common prefixes with skip-ahead past each rolled-up range, cursors and
 * truncation. Reads {@code objects} only.
 */
package io.pgvs3.store.list;
