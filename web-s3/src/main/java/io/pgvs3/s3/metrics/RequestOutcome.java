package io.pgvs3.s3.metrics;

/**
 * One finished request as the metrics see it.
 *
 * @param operation     the S3 operation's AWS name, or {@code Unknown} when the request was never routed
 * @param status        the HTTP status sent
 * @param nanos         from the first filter to the last body byte written
 * @param bytesReceived request body bytes actually read from the wire (aws-chunked framing included)
 * @param bytesSent     response body bytes actually written
 * @param errorCode     the S3 error code answered, or null
 */
public record RequestOutcome(String operation, int status, long nanos, long bytesReceived, long bytesSent,
                             String errorCode) {
}
