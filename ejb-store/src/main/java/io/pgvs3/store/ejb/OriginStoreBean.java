package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.OriginState;
import io.pgvs3.store.api.OriginStore;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.origin.OriginBuckets;
import io.pgvs3.store.write.CopyWatchdogs;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.Optional;
import java.util.SortedMap;

/** {@link OriginStore} over the origin-backed buckets' catalog worker. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class OriginStoreBean extends StoreFacade implements OriginStore {

    @EJB
    private OriginBean originBean;

    private OriginBuckets origins;

    @Override
    protected void wire(DataAccess access, CopyWatchdogs watchdogs) {
        origins = new OriginBuckets(access, new BucketService(access), originBean.clients());
    }

    @Override
    public boolean declare(String bucket, String originJson) {
        layout.require();
        return origins.declare(bucket, originJson);
    }

    @Override
    public Optional<OriginState> describe(String bucket) {
        layout.require();
        return origins.describe(bucket);
    }

    @Override
    public SortedMap<String, OriginState> describeAll() {
        layout.require();
        return origins.describeAll();
    }

    @Override
    public void pauseDrain(String bucket, boolean paused) {
        layout.require();
        origins.pauseDrain(bucket, paused);
    }

    @Override
    public void detach(String bucket) {
        layout.require();
        origins.detach(bucket);
    }
}
