/**
 * The floor: what PostgreSQL itself costs for the gateway's smallest read, a primary-key SELECT of a
 * 4 KiB bytea stored the way the gateway stores inline bodies, prepared once per connection and run
 * over PgJDBC against the same database the gateway uses, in the same run. It owns the schema
 * {@code pgvs3_bench} there and touches nothing else.
 */
package io.pgvs3.bench.floor;
