/**
 * The commands, one class per family (connection, server, strings, counters, keys, expiry, scans, and
 * the commands of other types that only answer WRONGTYPE), each registering its commands in the table
 * with Redis 7's arity, flags and key positions. Redis semantics and error texts, over the KvStore.
 */
package io.pgvs3.resp.command.family;
