/**
 * What the harness measures against: S3 servers (the gateway, the peer, a saved build) and the SQL
 * floor (PgJDBC) and the runtime floor (plain HTTP), each with its role in the report and the processes whose CPU it charges. Read from the
 * targets file run.sh writes (mode 600, because it holds keys and the database password).
 */
package io.pgvs3.bench.targets;
