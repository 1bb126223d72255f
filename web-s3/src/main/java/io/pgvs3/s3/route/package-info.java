/**
 * The pure request router: (method, raw path, query names, headers) to a typed {@link
 * io.pgvs3.s3.route.S3Operation} with its bucket and key. No JAX-RS, no I/O; the same operation value
 * drives dispatch, errors and (later) metrics labels.
 */
package io.pgvs3.s3.route;
