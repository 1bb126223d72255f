package io.pgvs3.s3.handler;

import io.pgvs3.store.api.ObjectStore;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;

/**
 * Gives the handlers the object store as a plain object, asked of the bean once per handler: a request
 * then calls the store's code directly, without the EJB container's work around each call (docs/adr/0056).
 */
@ApplicationScoped
public class PlainStore {

    @EJB
    private ObjectStore bean;

    @Produces
    @Plain
    ObjectStore objects() {
        return bean.direct();
    }
}
