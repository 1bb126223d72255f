package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.BucketInfo;
import io.pgvs3.store.api.BucketStore;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.write.CopyWatchdogs;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.util.List;

/** {@link BucketStore} over {@link BucketService}. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class BucketStoreBean extends StoreFacade implements BucketStore {

    private BucketService buckets;

    @Override
    protected void wire(DataAccess access, CopyWatchdogs watchdogs) {
        buckets = new BucketService(access);
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
