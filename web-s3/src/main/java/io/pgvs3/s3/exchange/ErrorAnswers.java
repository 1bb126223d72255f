package io.pgvs3.s3.exchange;

import io.pgvs3.s3.error.ErrorResponses;
import io.pgvs3.s3.http.RequestIds;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.NotAcceptableException;
import jakarta.ws.rs.NotAllowedException;
import jakarta.ws.rs.NotFoundException;
import jakarta.ws.rs.NotSupportedException;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.ext.ExceptionMapper;
import jakarta.ws.rs.ext.Provider;
import java.util.Map;

/**
 * The one exception mapper of the S3 port, so that no JAX-RS default answer (HTML, a provider-chosen
 * type, 405/406/415 of its own) ever reaches a client. The request path answers its own errors; what
 * arrives here is:
 * <ul>
 * <li>an S3 error answer already built, thrown by a streamed body that failed before its first byte;
 * <li>a failure of the JAX-RS runtime before any resource took the request (a query it could not
 * decode): the request is answered by the S3 request path all the same, whose rules give S3's answer
 * (InvalidURI);
 * <li>a method no JAX-RS annotation names (PROPFIND): the front door has answered it already
 * (MethodNotAllowed), JAX-RS found no method of its {@link SyncAnswer} to hand the answer over with;
 * <li>anything else, a defect: 500 InternalError, logged once with its request id.
 * </ul>
 */
@ApplicationScoped
@Provider
public class ErrorAnswers implements ExceptionMapper<Throwable> {

    /** An answer decided where only an exception can carry it out of a JAX-RS entity writer. */
    static final class Answered extends RuntimeException {

        private static final long serialVersionUID = 1L;

        private final transient Response answer;

        Answered(Response answer) {
            super(null, null, false, false);
            this.answer = answer;
        }
    }

    @Inject
    FrontDoor frontDoor;
    /** The request when the runtime dispatched it past {@link RequestAsSent} (a {@code *} target); a proxy. */
    @Context
    HttpServletRequest unfiltered;

    @Override
    public Response toResponse(Throwable failure) {
        if (failure instanceof Answered answered) {
            return answered.answer;
        }
        if (!RequestAsSent.dispatching()) {
            if (unfiltered.getAttribute(FrontDoor.TAKEN) == null) {
                // the filter's mapping "/*" matches no "*" target (OPTIONS *, the HTTP/2 preface)
                return frontDoor.answer(new RequestAsSent.Dispatch(unfiltered, null));
            }
            // the thread that writes a streamed body: its exchange has answered already; what is left
            // is a defect to log
            Exchange unknown = new Exchange(RequestIds.newRequestId(), "GET", "", null, Map.of());
            return Answers.inMemory(unknown, ErrorResponses.of(failure, new ErrorResponses.RequestFacts(
                    unknown.requestId(), unknown.method(), unknown.rawPath(), code -> { })));
        }
        RequestAsSent.Dispatch dispatch = RequestAsSent.current();
        HttpServletRequest request = dispatch.request();
        Object taken = request.getAttribute(FrontDoor.TAKEN);
        if (taken == null) {
            return frontDoor.answer(dispatch);
        }
        if (taken instanceof SyncAnswer answered && failure instanceof NotAllowedException) {
            return answered.answer(); // a method no JAX-RS annotation names: the front door's answer (MethodNotAllowed)
        }
        Exchange exchange = Exchange.of(request);
        return Answers.inMemory(exchange, ErrorResponses.of(failure, new ErrorResponses.RequestFacts(
                exchange.requestId(), exchange.method(), exchange.rawPath(), code -> { })));
    }
}
