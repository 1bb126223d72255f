package io.pgvs3.s3.handler;

import static java.lang.annotation.ElementType.FIELD;
import static java.lang.annotation.ElementType.METHOD;
import static java.lang.annotation.RetentionPolicy.RUNTIME;

import jakarta.inject.Qualifier;
import java.lang.annotation.Retention;
import java.lang.annotation.Target;

/** The store's plain object ({@code ObjectStore.direct()}), called without the EJB container (docs/adr/0056). */
@Qualifier
@Retention(RUNTIME)
@Target({FIELD, METHOD})
public @interface Plain {
}
