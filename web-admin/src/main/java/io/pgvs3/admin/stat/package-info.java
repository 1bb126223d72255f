/**
 * {@code GET /admin/stat}: every namespace's sizes, garbage queue and incomplete uploads (from
 * {@code StoreStats}) plus this gateway's maintenance counters (from {@code MaintenanceStats}), as JSON
 * or, for {@code Accept: text/plain}, as a table for people. Rendering is pure and unit-tested.
 */
package io.pgvs3.admin.stat;
