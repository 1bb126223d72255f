package io.pgvs3.s3.exchange;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/**
 * The S3 port as a JAX-RS application (docs/adr/0048): one resource and the one error mapper, named
 * here so that nothing else is scanned for or registered.
 */
@ApplicationPath("/")
public class S3Api extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(S3Resource.class, ErrorAnswers.class);
    }
}
