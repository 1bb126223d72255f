/**
 * The floors: what the layers under the gateway cost for its smallest read, measured in the same run.
 * The PostgreSQL floor is a primary-key SELECT of a 4 KiB bytea stored the way the gateway stores inline
 * bodies, prepared once per connection and run over PgJDBC against the same database the gateway uses; it
 * owns the schema {@code pgvs3_bench} there and touches nothing else. The runtime floor is an unsigned GET
 * of a fixed 4 KiB answer from a trivial JAX-RS resource ({@code deploy/runtime-floor}) on a Liberty server
 * of the gateway's own install: what Liberty itself charges for a small answer.
 */
package io.pgvs3.bench.floor;
