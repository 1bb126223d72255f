/**
 * The TCP side: the listener started with the application on container-managed threads (docs/adr/0010),
 * plaintext clients on a few event loops whose pipelines run on a fixed pool of managed workers, TLS
 * clients on a thread each (docs/adr/0046); the configuration, the metrics and the readiness check.
 * Knows sockets and CDI, not the store's insides.
 */
package io.pgvs3.resp.server;
