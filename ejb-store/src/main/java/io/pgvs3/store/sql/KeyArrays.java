package io.pgvs3.store.sql;

/**
 * The condition of a statement that reads or changes many keys at once, bound as one {@code text[]}.
 *
 * <p>Written as {@code key = ANY (?::text[])}, PostgreSQL planned it afresh on every execution: a custom plan
 * sees the array's length (a coalesced group holds a handful of keys), while the generic plan assumes ten,
 * so the custom plan always looked cheaper and the plan cache never kept the generic one. That planning was
 * about a quarter of PostgreSQL's CPU per coalesced HEAD (pg_stat_statements: plans = calls, 0.07 ms a plan; ADR 73).
 * Reading the array through a scalar sub-select hides its length from both plans alike, so after its first
 * five executions a prepared statement runs its cached generic plan: the same index scan of the primary key.
 */
public final class KeyArrays {

    /** {@code key} is one of the bound array's elements. */
    public static final String KEY_IN_BOUND_ARRAY = "key = ANY ((SELECT ?::text[])::text[])";

    private KeyArrays() {
    }
}
