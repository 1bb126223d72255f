/**
 * The S3 wire protocol on one servlet (docs/adr/0008). A request flows through {@code exchange.S3Servlet}:
 * the pure router, the transport rule, SigV4 (which also decodes aws-chunked bodies), admission, then
 * {@code handler.OperationHandlers} hands it to the handler of its family, which calls the store API.
 * Errors of every kind leave through {@code error.ErrorResponses} as S3 XML. The layers, and what each
 * may use, are in docs/architecture.md and checked by the test {@code arch.LayeringTest}.
 */
package io.pgvs3.s3;
