package io.pgvs3.s3.exchange;

import jakarta.inject.Inject;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HEAD;
import jakarta.ws.rs.OPTIONS;
import jakarta.ws.rs.PATCH;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Response;

/**
 * The methods every S3 resource type (service, bucket, object) answers. JAX-RS matches the method and
 * the shape of the path; the {@link FrontDoor} then routes the request by its raw path, query names and
 * headers (S3 tells operations apart by query names, which JAX-RS cannot match on), so each method
 * only hands the request over.
 *
 * <p>A GET may answer with a body streamed from the chunk pool, so it is suspended and the front door
 * resumes it: at once on this thread for an in-memory answer, on the response executor for a streamed
 * one. The other methods answer in memory (or, for a long copy, with a keep-alive body written here).
 * The front door takes the request as sent from {@link RequestAsSent}, never through an injected
 * proxy.
 */
public abstract class S3Resource {

    @Inject
    FrontDoor frontDoor;

    @GET
    public void get(@Suspended AsyncResponse response) {
        frontDoor.answer(response);
    }

    @HEAD
    public Response head() {
        return frontDoor.answer();
    }

    @PUT
    public Response put() {
        return frontDoor.answer();
    }

    @POST
    public Response post() {
        return frontDoor.answer();
    }

    @DELETE
    public Response delete() {
        return frontDoor.answer();
    }

    /** No CORS preflight here: S3's answer for a bucket without a CORS configuration comes from the router. */
    @OPTIONS
    public Response options() {
        return frontDoor.answer();
    }

    @PATCH
    public Response patch() {
        return frontDoor.answer();
    }
}
