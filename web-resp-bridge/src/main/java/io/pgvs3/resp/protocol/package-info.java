/**
 * RESP2 on the wire: a bounded, incremental state-machine decoder of requests (multibulk and inline)
 * and an encoder of replies. Pure Java: no sockets, no store, no CDI.
 */
package io.pgvs3.resp.protocol;
