package io.pgvs3.it;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An in-container test: the embedded PostgreSQL 18 starts first (once per JVM), then Arquillian starts the
 * Liberty server {@code arq}, which connects to it. The order of the two extensions matters.
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ExtendWith({EmbeddedPostgresExtension.class, ArquillianExtension.class})
public @interface InLiberty {
}
