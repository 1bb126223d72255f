/**
 * Readiness checks that must answer within the probe's timeout even when the database hangs: each check
 * runs on a worker, at most one run at a time, and callers wait a bounded time for it. Knows no table;
 * the EJB layer supplies the checks.
 */
package io.pgvs3.store.health;
