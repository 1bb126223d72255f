package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.read.ObjectLookups;
import io.pgvs3.store.write.InlinePublications;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.LocalBean;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;

/**
 * Owns the gateway-wide coalescers of small requests' store calls, which share their queries and commits
 * across requests: the lookups of object rows by HEAD and GET (docs/adr/0070) and the publications of small
 * PUTs (docs/adr/0071). The object beans take them once, as plain objects.
 */
@Singleton
@LocalBean
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class SharedCallsBean {

    @EJB
    private LayoutBean layoutBean;

    @Inject
    private StoreConfig config;

    private ObjectLookups lookups;
    private InlinePublications publications;

    @PostConstruct
    void start() {
        DataAccess access = layoutBean.access();
        lookups = new ObjectLookups(access, config.lookupQueries());
        publications = new InlinePublications(access, config.inlineTransactions());
    }

    /** The lookups of object rows by key that HEAD and GET share across requests. */
    public ObjectLookups lookups() {
        return lookups;
    }

    /** The publications of small PUTs, which share their transactions across requests. */
    public InlinePublications publications() {
        return publications;
    }
}
