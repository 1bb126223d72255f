/**
 * The S3 wire protocol over JAX-RS. A request flows: request-id filter, SigV4 filter (which also
 * decodes aws-chunked bodies), the catch-all resource, the pure router, one handler per family, the
 * store API. Errors of every kind leave through one exception mapper as S3 XML.
 */
package io.pgvs3.s3;
