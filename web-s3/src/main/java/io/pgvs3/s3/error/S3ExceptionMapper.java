package io.pgvs3.s3.error;

import io.pgvs3.s3.http.RequestIds;
import io.pgvs3.s3.xml.XmlDocument;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Writes every failure as an S3 XML error with its RequestId; HEAD answers carry no body. Unexpected
 * failures are logged once with the request id and answered 500 InternalError without internals.
 */
@Provider
public class S3ExceptionMapper implements ExceptionMapper<Throwable> {

    /** The request attribute that tells the metrics which S3 error code the request was answered with. */
    public static final String ERROR_CODE_ATTRIBUTE = "io.pgvs3.errorCode";

    private static final Logger LOG = Logger.getLogger(S3ExceptionMapper.class.getName());

    @Context
    private HttpServletRequest request;

    @Override
    public Response toResponse(Throwable failure) {
        String requestId = requestId();
        S3Exception error = ErrorTranslator.translate(failure);
        if (error == null) {
            LOG.log(Level.SEVERE, "request " + requestId + " failed unexpectedly", failure);
            error = new S3Exception(S3ErrorCode.INTERNAL_ERROR);
        } else if (error.code().status() >= 500 && error.code() != S3ErrorCode.SLOW_DOWN) {
            // throttling is counted (pgvs3_errors_total), not logged: under load it would flood the log
            LOG.log(Level.WARNING, "request " + requestId + " answered " + error.code().code() + ": " + failure);
        }
        Response.ResponseBuilder response = Response.status(error.code().status())
                .header("x-amz-request-id", requestId)
                .header("x-amz-id-2", RequestIds.hostId(requestId));
        if (error.code().status() == 503) {
            response.header("Retry-After", "1");
        }
        if (request != null) {
            request.setAttribute(ERROR_CODE_ATTRIBUTE, error.code().code());
        }
        if ("HEAD".equals(request == null ? null : request.getMethod())) {
            return response.build();
        }
        return response.type("application/xml").entity(body(error, requestId)).build();
    }

    private byte[] body(S3Exception error, String requestId) {
        XmlDocument xml = XmlDocument.plain("Error")
                .element("Code", error.code().code())
                .element("Message", error.getMessage() == null ? error.code().message() : error.getMessage())
                .element("BucketName", error.bucket())
                .element("Key", error.key());
        error.details().forEach(xml::element);
        if (request != null) {
            xml.element("Resource", request.getRequestURI());
        }
        return xml.element("RequestId", requestId).element("HostId", RequestIds.hostId(requestId)).toBytes();
    }

    private String requestId() {
        Object id = request == null ? null : request.getAttribute(RequestIds.ATTRIBUTE);
        return id == null ? RequestIds.newRequestId() : id.toString();
    }
}
