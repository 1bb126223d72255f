/**
 * The TCP side: the listener started with the application on container-managed threads (docs/adr/0010),
 * clients on a few event loops whose pipelines run on a fixed pool of managed workers (docs/adr/0046), their
 * bytes as they are or through an SSLEngine (docs/adr/0050); the configuration, the metrics and the
 * readiness check.
 * Knows sockets and CDI, not the store's insides.
 */
package io.pgvs3.resp.server;
