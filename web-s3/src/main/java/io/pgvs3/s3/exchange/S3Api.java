package io.pgvs3.s3.exchange;

import jakarta.enterprise.inject.spi.CDI;
import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;
import java.util.Set;

/**
 * The S3 port as a JAX-RS application (docs/adr/0048): one resource and the one error mapper, named
 * here so that nothing else is scanned for or registered.
 *
 * <p>The resource is a singleton this application makes: a resource class RESTEasy takes from CDI is looked
 * up in the bean manager again for every request (a creational context and a contextual reference each
 * time, about 3 % of a HEAD), a singleton is not.
 */
@ApplicationPath("/")
public class S3Api extends Application {

    @Override
    public Set<Class<?>> getClasses() {
        return Set.of(ErrorAnswers.class);
    }

    @Override
    public Set<Object> getSingletons() {
        return Set.of(new S3Resource(CDI.current().select(FrontDoor.class).get()));
    }
}
