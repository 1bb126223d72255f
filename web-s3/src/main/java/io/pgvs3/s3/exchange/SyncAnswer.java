package io.pgvs3.s3.exchange;

import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.core.Response;

/**
 * An answer the front door has built, handed to JAX-RS by the request's method and written on the
 * request thread: an in-memory body, or a long copy's keep-alive document. A method JAX-RS has no
 * annotation for (PROPFIND) reaches {@link ErrorAnswers}, which answers it from here.
 */
public final class SyncAnswer {

    private final Response answer;

    SyncAnswer(Response answer) {
        this.answer = answer;
    }

    Response answer() {
        return answer;
    }

    @GET
    public Response get() {
        return answer;
    }

    @HEAD
    public Response head() {
        return answer;
    }

    @PUT
    public Response put() {
        return answer;
    }

    @POST
    public Response post() {
        return answer;
    }

    @DELETE
    public Response delete() {
        return answer;
    }

    /** No CORS preflight here: S3's answer for a bucket without a CORS configuration comes from the router. */
    @OPTIONS
    public Response options() {
        return answer;
    }

    @PATCH
    public Response patch() {
        return answer;
    }
}
