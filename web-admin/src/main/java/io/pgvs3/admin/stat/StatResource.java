package io.pgvs3.admin.stat;

import io.pgvs3.store.api.MaintenanceStats;
import io.pgvs3.store.api.OriginStore;
import io.pgvs3.store.api.StoreStats;
import io.pgvs3.store.api.error.StoreException;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.RequestScoped;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.ArrayList;
import java.util.List;

/** {@code GET /admin/stat}: JSON by default, a table for {@code Accept: text/plain}. */
@Path("stat")
@RequestScoped
public class StatResource {

    @EJB
    private StoreStats store;

    @EJB
    private MaintenanceStats maintenance;

    @EJB
    private OriginStore origins;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    public Response json() {
        return render(false);
    }

    @GET
    @Produces("text/plain;qs=0.5")
    public Response table() {
        return render(true);
    }

    private Response render(boolean table) {
        StatView view;
        try {
            List<OriginLine> lines = new ArrayList<>();
            origins.describeAll().forEach((bucket, state) -> lines.add(OriginLine.of(bucket, state)));
            view = StatView.of(store.report(), lines, maintenance.snapshot());
        } catch (StoreException e) {
            if (!e.error().retryLater()) {
                throw e;
            }
            return Response.status(Response.Status.SERVICE_UNAVAILABLE).type(MediaType.TEXT_PLAIN_TYPE)
                    .entity(e.getMessage() + "\n").build();
        }
        return table ? Response.ok(StatTable.render(view), MediaType.TEXT_PLAIN_TYPE.withCharset("UTF-8")).build()
                : Response.ok(view.json(), MediaType.APPLICATION_JSON_TYPE.withCharset("UTF-8")).build();
    }
}
