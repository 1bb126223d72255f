/**
 * The cheapest S3 client that is still honest: one raw HTTP/1.1 keep-alive socket per worker, SigV4
 * header signing with the signing key cached per day, and response parsing that reads bodies without
 * keeping them. Request bodies are written to the socket as they are produced ({@link io.pgvs3.bench.http.Body}),
 * so a 1 GiB PUT needs no 1 GiB array. Nothing here is shared between threads except immutable values.
 */
package io.pgvs3.bench.http;
