package io.pgvs3.s3.error;

import io.pgvs3.s3.http.RequestIds;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;

/**
 * Every failure thrown on a request's own thread becomes an S3 XML error ({@link ErrorResponses}).
 * Async GETs build their error answers themselves: on their worker thread the injected request would
 * not be theirs.
 */
@Provider
public class S3ExceptionMapper implements ExceptionMapper<Throwable> {

    @Context
    private HttpServletRequest request;

    @Override
    public Response toResponse(Throwable failure) {
        return ErrorResponses.of(failure, facts(request));
    }

    /**
     * What an error answer needs to know of {@code request}; call it on the request's own thread. The
     * error code goes to a request attribute that the exchange filter reads when the response is done.
     */
    static ErrorResponses.RequestFacts facts(HttpServletRequest request) {
        if (request == null) {
            return new ErrorResponses.RequestFacts(null, null, null, code -> { });
        }
        Object id = request.getAttribute(RequestIds.ATTRIBUTE);
        return new ErrorResponses.RequestFacts(id == null ? null : id.toString(), request.getMethod(),
                request.getRequestURI(), code -> request.setAttribute(RequestIds.ERROR_CODE_ATTRIBUTE, code));
    }
}
