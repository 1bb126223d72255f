package io.pgvs3.s3.exchange;

import jakarta.ws.rs.Path;

/**
 * Every path of the S3 port: the service, a bucket, an object (virtual-hosted or not). The
 * {@link FrontDoor} routes a request by its raw path, query names and headers (S3 tells operations
 * apart by query names, which JAX-RS cannot match on, and a key is every byte after the bucket's slash),
 * so JAX-RS matches nothing but this one resource.
 *
 * <p>A sub-resource locator, whatever the method: only once the front door has answered is it known
 * whether a GET's body streams from the chunk pool, and only such a GET is suspended ({@link AsyncAnswer});
 * every other answer is handed to JAX-RS on this thread ({@link SyncAnswer}), which costs the runtime no
 * async context. The locator's template takes the whole path, so the answer's methods match what is
 * left: nothing. The front door takes the request as sent from {@link RequestAsSent}, never through an
 * injected proxy.
 */
@Path("/")
public class S3Resource {

    private final FrontDoor frontDoor;

    /** @param frontDoor the application's front door (a CDI client proxy): made once by {@link S3Api} */
    S3Resource(FrontDoor frontDoor) {
        this.frontDoor = frontDoor;
    }

    @Path("{path: .*}")
    public Object answer() {
        return frontDoor.answer();
    }
}
