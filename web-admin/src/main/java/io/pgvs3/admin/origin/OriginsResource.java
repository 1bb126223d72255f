package io.pgvs3.admin.origin;

import io.pgvs3.store.api.OriginState;
import io.pgvs3.store.api.OriginStore;
import io.pgvs3.store.api.error.StoreException;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.json.Json;
import jakarta.json.JsonObjectBuilder;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.PUT;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.io.StringReader;
import java.util.regex.Pattern;

/**
 * {@code /admin/origins/{bucket}}: declare (PUT, a JSON document), show (GET), pause or resume the
 * write-back drain (POST {@code drain?pause=}) and detach (DELETE, 409 while write-backs are pending) an
 * origin-backed bucket (ADR 45, docs/operations.md). Answers are JSON; refusals say what to change.
 */
@Path("origins/{bucket}")
@RequestScoped
public class OriginsResource {

    /** S3's bucket names, so that an origin-backed bucket is reachable through the S3 port. */
    private static final Pattern BUCKET_NAME = Pattern.compile("[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]");

    @EJB
    private OriginStore origins;

    @PUT
    @Consumes(MediaType.WILDCARD)
    public Response declare(@PathParam("bucket") String bucket, String document) {
        return answer(bucket, () -> {
            boolean created = origins.declare(bucket, document == null ? "" : document);
            return show(bucket, created ? Response.Status.CREATED : Response.Status.OK);
        });
    }

    @GET
    public Response get(@PathParam("bucket") String bucket) {
        return answer(bucket, () -> show(bucket, Response.Status.OK));
    }

    /** {@code POST .../drain?pause=true|false}: pauses or resumes the write-back drain on every gateway. */
    @POST
    @Path("drain")
    public Response drain(@PathParam("bucket") String bucket, @QueryParam("pause") String pause) {
        if (!"true".equals(pause) && !"false".equals(pause)) {
            return refusal(Response.Status.BAD_REQUEST, "name pause=true or pause=false");
        }
        return answer(bucket, () -> {
            origins.pauseDrain(bucket, Boolean.parseBoolean(pause));
            return show(bucket, Response.Status.OK);
        });
    }

    @DELETE
    public Response detach(@PathParam("bucket") String bucket) {
        return answer(bucket, () -> {
            origins.detach(bucket);
            return Response.noContent().build();
        });
    }

    private Response show(String bucket, Response.Status status) {
        return origins.describe(bucket).map(state -> json(status, view(bucket, state)))
                .orElseGet(() -> refusal(Response.Status.NOT_FOUND, "no origin-backed bucket " + bucket));
    }

    private static JsonObjectBuilder view(String bucket, OriginState state) {
        JsonObjectBuilder view = Json.createObjectBuilder()
                .add("bucket", bucket)
                .add("origin", Json.createReader(new StringReader(state.origin())).readObject())
                .add("cachedObjects", state.cachedObjects())
                .add("cachedBytes", state.cachedBytes())
                .add("pendingObjects", state.pendingObjects())
                .add("pendingBytes", state.pendingBytes())
                .add("oldestPendingSeconds", state.oldestPending().toMillis() / 1000.0)
                .add("drainPaused", state.drainPaused());
        if (state.lastOriginError() == null) {
            view.addNull("lastOriginError");
        } else {
            view.add("lastOriginError", state.lastOriginError());
        }
        return view;
    }

    private interface Action {
        Response run();
    }

    private static Response answer(String bucket, Action action) {
        if (!BUCKET_NAME.matcher(bucket).matches()) {
            return refusal(Response.Status.BAD_REQUEST, "\"" + bucket + "\" is not an S3 bucket name (3 to 63"
                    + " lower-case letters, digits, dots and dashes)");
        }
        try {
            return action.run();
        } catch (StoreException e) {
            return switch (e.error()) {
                case INVALID_ARGUMENT -> refusal(Response.Status.BAD_REQUEST, e.getMessage());
                case BUCKET_EXISTS -> refusal(Response.Status.CONFLICT, e.getMessage());
                case NO_SUCH_BUCKET -> refusal(Response.Status.NOT_FOUND, "no origin-backed bucket " + bucket);
                case BUCKET_NOT_EMPTY -> refusal(Response.Status.CONFLICT, e.getMessage());
                default -> {
                    if (e.error().retryLater()) {
                        yield refusal(Response.Status.SERVICE_UNAVAILABLE, "the database cannot answer now; retry");
                    }
                    throw e;
                }
            };
        }
    }

    private static Response refusal(Response.Status status, String message) {
        return json(status, Json.createObjectBuilder().add("error", message));
    }

    private static Response json(Response.Status status, JsonObjectBuilder body) {
        return Response.status(status).type(MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8"))
                .entity(body.build().toString() + "\n").build();
    }
}
