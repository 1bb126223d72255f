package io.pgvs3.store.ejb;

import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.BucketStore;
import io.pgvs3.store.layout.LayoutGate;
import io.pgvs3.store.bucket.BucketService;
import jakarta.annotation.PostConstruct;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.List;

/** {@link BucketStore} over {@link BucketService}. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class BucketStoreBean implements BucketStore {

    @EJB
    private DatabaseBean database;

    @EJB
    private LayoutBean layoutBean;

    /** Asked before every call; a plain object, so asking is no EJB invocation. */
    private LayoutGate layout;

    private BucketService buckets;

    @PostConstruct
    void init() {
        layout = layoutBean.gate();
        buckets = new BucketService(database.main(), layoutBean.access().namespaces());
    }

    @Override
    public boolean create(String bucket) {
        layout.require();
        return buckets.create(bucket);
    }

    @Override
    public boolean exists(String bucket) {
        layout.require();
        return buckets.exists(bucket);
    }

    @Override
    public List<BucketInfo> list() {
        layout.require();
        return buckets.list();
    }

    @Override
    public void delete(String bucket) {
        layout.require();
        buckets.delete(bucket);
    }
}
