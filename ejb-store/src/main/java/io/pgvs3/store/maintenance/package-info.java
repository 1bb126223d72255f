/**
 * Maintenance: one tick at a time per gateway, and per database only on the gateway that holds the
 * maintenance-leader lock for that tick. A tick expires abandoned multipart uploads and TTL'd values
 * (queuing their files as garbage) and then reaps garbage files past the grace window that no reader
 * pins. Plain classes over a DataSource; the timer bean in {@code store.ejb} drives them. Touches every
 * namespace's {@code garbage}, {@code chunks}, {@code uploads}, {@code upload_parts} and expired
 * {@code objects}, and reads the catalog.
 */
package io.pgvs3.store.maintenance;
