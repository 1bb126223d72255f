/**
 * The S3 wire protocol on JAX-RS resources (docs/adr/0048). A request flows through {@code exchange.FrontDoor}:
 * the pure router, the transport rule, SigV4 (which also decodes aws-chunked bodies), admission, then
 * {@code handler.OperationHandlers} hands it to the handler of its family, which calls the store API.
 * Errors of every kind leave through {@code error.ErrorResponses} as S3 XML. The layers, and what each
 * may use, are in docs/architecture.md and checked by the test {@code arch.LayeringTest}.
 */
package io.pgvs3.s3;
