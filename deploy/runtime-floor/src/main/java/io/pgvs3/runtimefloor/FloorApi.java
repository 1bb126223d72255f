package io.pgvs3.runtimefloor;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/** The application: its one resource, named so that nothing is scanned for, as the gateway's S3Api does. */
@ApplicationPath("/")
public class FloorApi extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(FourKiB.class);
    }
}
