package io.pgvs3.s3.exchange;

import io.pgvs3.s3.route.Route;
import java.util.logging.Logger;

/**
 * One line per S3 request, when {@code pgvs3.s3.access-log} is on, at INFO on the logger
 * {@value #LOGGER} (Liberty writes it to messages.log, or as JSON with its JSON log format): request id,
 * operation, bucket, status, S3 error code, bytes received and sent, duration and client address, as
 * {@code key=value} pairs. Off, it costs a request nothing.
 */
final class AccessLog {

    static final String LOGGER = "io.pgvs3.s3.access";
    private static final Logger LOG = Logger.getLogger(LOGGER);

    private final boolean enabled;

    AccessLog(boolean enabled) {
        this.enabled = enabled;
    }

    boolean enabled() {
        return enabled;
    }

    void record(Exchange exchange, int status, long durationNanos) {
        if (!enabled) {
            return;
        }
        Route route = exchange.route();
        String bucket = route == null || route.bucket() == null ? "-" : route.bucket();
        String error = exchange.errorCode() == null ? "-" : exchange.errorCode();
        LOG.info("request=" + exchange.requestId() + " op=" + exchange.operation() + " bucket=" + bucket
                + " status=" + status + " error=" + error + " in=" + exchange.received() + " out=" + exchange.sent()
                + " ms=" + durationNanos / 1_000_000 + " client=" + exchange.client());
    }
}
