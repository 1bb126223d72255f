/**
 * The TCP side: the listener started with the application on container-managed threads (see
 * docs/adr/0010), one thread per connection reading pipelined commands into the pipeline runner, the
 * configuration, the metrics and the readiness check. Knows sockets and CDI, not the store's insides.
 */
package io.pgvs3.resp.server;
