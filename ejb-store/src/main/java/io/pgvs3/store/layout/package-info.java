/**
 * Storage layout v1: the DDL of the catalog schema {@code pgvs3} and of each namespace's schema, and
 * the startup protocol that creates a fresh layout or verifies an existing one (refusing any other
 * version), and the startup check that the pools fit the server's connection limit ({@link
 * io.pgvs3.store.layout.ConnectionBudget}). It may touch every schema it defines, and nothing else.
 */
package io.pgvs3.store.layout;
