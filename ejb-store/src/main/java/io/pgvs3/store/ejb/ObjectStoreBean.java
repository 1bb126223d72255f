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
import io.pgvs3.store.copy.ObjectCopier;
import io.pgvs3.store.list.ObjectLister;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.CallerInput;
import io.pgvs3.store.write.CopyWatchdogs;
import io.pgvs3.store.write.ObjectDeleter;
import io.pgvs3.store.write.ObjectWriter;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;

/** {@link ObjectStore} over the writer, reader, deleter, lister and copier. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class ObjectStoreBean extends StoreFacade implements ObjectStore {

    @EJB
    private ReadWindowBean readWindowBean;

    private ObjectWriter writer;
    private ObjectReader reader;
    private ObjectDeleter deleter;
    private ObjectLister lister;
    private ObjectCopier copier;

    @Override
    protected void wire(DataAccess access, CopyWatchdogs watchdogs) {
        writer = new ObjectWriter(access, watchdogs.chunk());
        reader = new ObjectReader(access, readWindowBean.window());
        deleter = new ObjectDeleter(access);
        lister = new ObjectLister(access);
        copier = new ObjectCopier(access, reader);
    }

    @Override
    public PutResult put(PutSpec spec, InputStream body) {
        layout.require();
        return writer.put(spec, CallerInput.guard(body));
    }

    @Override
    public ObjectMeta head(String bucket, String key, boolean withInlineBody) {
        layout.require();
        return reader.head(bucket, key, withInlineBody);
    }

    @Override
    public void readBody(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException {
        reader.readBody(meta, range, out);
    }

    @Override
    public byte[] readSpan(ObjectMeta meta, ByteRange range) {
        return reader.readSpan(meta, range);
    }

    @Override
    public PutResult copy(CopySpec spec, CopyListener listener) {
        layout.require();
        return copier.copy(spec, listener);
    }

    @Override
    public void delete(String bucket, String key) {
        layout.require();
        deleter.delete(bucket, key);
    }

    @Override
    public void delete(String bucket, String key, String ifMatch) {
        layout.require();
        deleter.delete(bucket, key, ifMatch);
    }

    @Override
    public List<DeletionResult> deleteAll(String bucket, List<ObjectDeletion> deletions) {
        layout.require();
        return deleter.deleteAll(bucket, deletions);
    }

    @Override
    public ListPage list(ListQuery query) {
        layout.require();
        return lister.list(query);
    }
}
