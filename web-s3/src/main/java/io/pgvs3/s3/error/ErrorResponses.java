package io.pgvs3.s3.error;

import io.pgvs3.s3.http.RequestIds;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.xml.XmlDocument;
import java.util.function.Consumer;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Builds the S3 XML error answer for a failure: status, code, message, Resource and RequestId; HEAD
 * answers carry no body. Unexpected failures are logged once with the request id and answered 500
 * InternalError without internals. It takes the request's facts explicitly, so an answer built on
 * another thread (async GETs) describes its own request.
 */
public final class ErrorResponses {

    private static final Logger LOG = Logger.getLogger(ErrorResponses.class.getName());
    private static final EpisodeLog UNAVAILABLE_EPISODES = new EpisodeLog(System::nanoTime);

    /**
     * The request an error answers.
     *
     * @param resource   the request path for {@code <Resource>}
     * @param codeSink   told the S3 error code (for metrics)
     */
    public record RequestFacts(String requestId, String method, String resource, Consumer<String> codeSink) {
    }

    private ErrorResponses() {
    }

    public static S3Response of(Throwable failure, RequestFacts request) {
        String requestId = request.requestId() == null ? RequestIds.newRequestId() : request.requestId();
        S3Exception error = ErrorTranslator.translate(failure);
        if (error == null) {
            LOG.log(Level.SEVERE, "request " + requestId + " failed unexpectedly", failure);
            error = new S3Exception(S3ErrorCode.INTERNAL_ERROR);
        } else if (error.code().status() >= 500 && error.code() != S3ErrorCode.SLOW_DOWN
                && error.code() != S3ErrorCode.NOT_IMPLEMENTED) {
            // throttling is counted (pgvs3_errors_total), not logged: under load it would flood the log;
            // a request for a feature this gateway lacks is the client's choice, not the gateway's failure
            logUnavailable(requestId, error, failure);
        }
        request.codeSink().accept(error.code().code());
        S3Response.Builder response = S3Response.status(error.code().status())
                .header("x-amz-request-id", requestId)
                .header("x-amz-id-2", RequestIds.hostId(requestId));
        if (error.code().status() == 503) {
            response.header("Retry-After", "1");
        }
        if ("HEAD".equals(request.method())) {
            return response.build();
        }
        return response.header("Content-Type", "application/xml").body(body(error, requestId, request.resource())).build();
    }

    /** The first of an outage's answers at WARNING, the rest at FINE: one line per episode, never a trace. */
    private static void logUnavailable(String requestId, S3Exception error, Throwable failure) {
        long previousEpisode = UNAVAILABLE_EPISODES.record();
        String line = "request " + requestId + " answered " + error.code().code() + ": " + failure;
        if (previousEpisode < 0) {
            LOG.fine(line);
        } else {
            LOG.warning(line + (previousEpisode > 1 ? " (the previous episode had " + previousEpisode
                    + " such answers)" : "") + "; like answers are logged at FINE until "
                    + EpisodeLog.QUIET.toSeconds() + " s pass without one");
        }
    }

    private static byte[] body(S3Exception error, String requestId, String resource) {
        XmlDocument xml = XmlDocument.plain("Error")
                .element("Code", error.code().code())
                .element("Message", error.getMessage() == null ? error.code().message() : error.getMessage())
                .element("BucketName", error.bucket())
                .element("Key", error.key());
        error.details().forEach(xml::element);
        xml.element("Resource", resource);
        return xml.element("RequestId", requestId).element("HostId", RequestIds.hostId(requestId)).toBytes();
    }
}
