package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.DeletionResult;
import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ListQuery;
import io.pgvs3.store.api.ObjectDeletion;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.write.CopyWatchdogs;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.LongFunction;

/** {@link ObjectStore} in the container: each call runs the same {@link GatedObjectStore} it hands out. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class ObjectStoreBean extends StoreFacade implements ObjectStore {

    @EJB
    private ReadWindowBean readWindowBean;

    @EJB
    private SharedCallsBean sharedCalls;

    @EJB
    private OriginBean originBean;

    private GatedObjectStore objects;

    @Override
    protected void wire(DataAccess access, CopyWatchdogs watchdogs) {
        objects = new GatedObjectStore(layout, access, watchdogs.chunk(), readWindowBean, sharedCalls, originBean);
    }

    @Override
    public ObjectStore direct() {
        return objects;
    }

    @Override
    public PutResult put(PutSpec spec, InputStream body) {
        return objects.put(spec, body);
    }

    @Override
    public ObjectMeta head(String bucket, String key, boolean withInlineBody) {
        return objects.head(bucket, key, withInlineBody);
    }

    @Override
    public ObjectMeta headForRange(String bucket, String key, LongFunction<ByteRange> rangeOfSize) {
        return objects.headForRange(bucket, key, rangeOfSize);
    }

    @Override
    public void readBody(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException {
        objects.readBody(meta, range, out);
    }

    @Override
    public byte[] readSpan(ObjectMeta meta, ByteRange range) {
        return objects.readSpan(meta, range);
    }

    @Override
    public PutResult copy(CopySpec spec, CopyListener listener) {
        return objects.copy(spec, listener);
    }

    @Override
    public void delete(String bucket, String key) {
        objects.delete(bucket, key);
    }

    @Override
    public void delete(String bucket, String key, String ifMatch) {
        objects.delete(bucket, key, ifMatch);
    }

    @Override
    public List<DeletionResult> deleteAll(String bucket, List<ObjectDeletion> deletions) {
        return objects.deleteAll(bucket, deletions);
    }

    @Override
    public ListPage list(ListQuery query) {
        return objects.list(query);
    }
}
