/**
 * Running commands: the command table, a connection's session, argument parsing, and the pipeline
 * runner that answers a pipelined batch in order while coalescing consecutive GET/MGET into one store
 * read and consecutive plain SET/MSET into one store write. The families of commands live in
 * {@code family}. Talks to the store through {@code store.api} only: each thread's session of the {@code KvStore}
 * ({@link io.pgvs3.resp.command.KvThreads}).
 */
package io.pgvs3.resp.command;
