package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.layout.LayoutGate;
import io.pgvs3.store.write.CopyWatchdogs;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;

/**
 * What every façade bean of the store shares: the data-access path (with the pools) and the COPY watchdogs
 * it builds its workers from, once per bean instance, and the layout gate it asks before each call.
 */
abstract class StoreFacade {

    @EJB
    private LayoutBean layoutBean;

    @EJB
    private CopyWatchdogBean watchdogBean;

    /** Asked before every call; a plain object, so asking is no EJB invocation. */
    protected LayoutGate layout;

    @PostConstruct
    void wireWorkers() {
        layout = layoutBean.gate();
        wire(layoutBean.access(), watchdogBean.watchdogs());
    }

    /** Builds this bean's workers. */
    protected abstract void wire(DataAccess access, CopyWatchdogs watchdogs);
}
