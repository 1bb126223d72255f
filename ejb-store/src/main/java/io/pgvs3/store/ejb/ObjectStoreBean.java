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
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.copy.ObjectCopier;
import io.pgvs3.store.list.ObjectLister;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.origin.OriginLister;
import io.pgvs3.store.origin.OriginObjects;
import io.pgvs3.store.origin.StreamedCopy;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.CallerInput;
import io.pgvs3.store.write.CopyWatchdogs;
import io.pgvs3.store.write.ObjectDeleter;
import io.pgvs3.store.write.ObjectWriter;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.LongFunction;

/** {@link ObjectStore} over the writer, reader, deleter, lister and copier. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class ObjectStoreBean extends StoreFacade implements ObjectStore {

    @EJB
    private ReadWindowBean readWindowBean;

    @EJB
    private OriginBean originBean;

    private ObjectWriter writer;
    private ObjectReader reader;
    private ObjectDeleter deleter;
    private ObjectLister lister;
    private ObjectCopier copier;
    private OriginObjects originObjects;
    private OriginLister originLister;
    private StreamedCopy streamedCopy;
    private NamespaceCache namespaces;

    @Override
    protected void wire(DataAccess access, CopyWatchdogs watchdogs) {
        writer = new ObjectWriter(access, watchdogs.chunk());
        reader = new ObjectReader(access, readWindowBean.window());
        deleter = new ObjectDeleter(access);
        lister = new ObjectLister(access);
        copier = new ObjectCopier(access, reader);
        originObjects = new OriginObjects(access, reader, writer, originBean.clients(), originBean.spools(),
                originBean.fillSlots(), originBean.fillTiming(), originBean.downloads(), layout::readOnly,
                originBean.meter());
        originLister = new OriginLister(access, originBean.clients());
        streamedCopy = new StreamedCopy(this::readBody, originBean.spools(), originBean.downloads(),
                (bucket, key) -> head(bucket, key, true), this::put);
        namespaces = access.namespaces();
    }

    /** The bucket's namespace when its objects stand in for an origin's (ADR 45), else null. */
    private Namespace originBacked(String bucket) {
        Namespace ns = namespaces.resolve(bucket);
        return ns.isOriginBacked() ? ns : null;
    }

    @Override
    public PutResult put(PutSpec spec, InputStream body) {
        layout.require();
        Namespace origin = originBacked(spec.bucket());
        return origin != null ? originObjects.put(origin, spec, CallerInput.guard(body))
                : writer.put(spec, CallerInput.guard(body));
    }

    @Override
    public ObjectMeta head(String bucket, String key, boolean withInlineBody) {
        layout.require();
        Namespace origin = originBacked(bucket);
        return origin != null ? originObjects.head(origin, key, withInlineBody) : reader.head(bucket, key, withInlineBody);
    }

    @Override
    public ObjectMeta headForRange(String bucket, String key, LongFunction<ByteRange> rangeOfSize) {
        layout.require();
        Namespace origin = originBacked(bucket);
        return origin != null ? originObjects.headForRange(origin, key, rangeOfSize) : reader.head(bucket, key, true);
    }

    @Override
    public void readBody(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException {
        if (meta.location().isAtOrigin()) {
            originObjects.readAtOrigin(meta, range, out);
        } else if (meta.location().isArriving()) {
            originObjects.readArriving(meta, range, out);
        } else {
            reader.readBody(meta, range, out);
        }
    }

    @Override
    public byte[] readSpan(ObjectMeta meta, ByteRange range) {
        if (!meta.location().isAtOrigin() && !meta.location().isArriving()) {
            return reader.readSpan(meta, range);
        }
        ByteArrayOutputStream span = new ByteArrayOutputStream((int) range.length());
        try {
            readBody(meta, range, span);
        } catch (IOException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "the origin's body of " + meta.key() + " broke off", e);
        }
        return span.toByteArray();
    }

    @Override
    public PutResult copy(CopySpec spec, CopyListener listener) {
        layout.require();
        boolean throughOrigin = originBacked(spec.bucket()) != null || originBacked(spec.source().bucket()) != null;
        return throughOrigin ? streamedCopy.copy(spec, listener) : copier.copy(spec, listener);
    }

    @Override
    public void delete(String bucket, String key) {
        delete(bucket, key, null);
    }

    @Override
    public void delete(String bucket, String key, String ifMatch) {
        layout.require();
        Namespace origin = originBacked(bucket);
        if (origin != null) {
            originObjects.delete(origin, key, ifMatch);
        } else {
            deleter.delete(bucket, key, ifMatch);
        }
    }

    @Override
    public List<DeletionResult> deleteAll(String bucket, List<ObjectDeletion> deletions) {
        layout.require();
        Namespace origin = originBacked(bucket);
        return origin != null ? originObjects.deleteAll(origin, deletions) : deleter.deleteAll(bucket, deletions);
    }

    @Override
    public ListPage list(ListQuery query) {
        layout.require();
        Namespace origin = originBacked(query.bucket());
        return origin != null ? originLister.list(origin, query) : lister.list(query);
    }
}
