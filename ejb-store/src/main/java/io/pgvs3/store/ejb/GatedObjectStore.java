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
import io.pgvs3.store.layout.LayoutGate;
import io.pgvs3.store.list.ObjectLister;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.origin.OriginLister;
import io.pgvs3.store.origin.OriginObjects;
import io.pgvs3.store.origin.StreamedCopy;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.CallerInput;
import io.pgvs3.store.write.CopyWatchdog;
import io.pgvs3.store.write.ObjectDeleter;
import io.pgvs3.store.write.ObjectWriter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.List;
import java.util.function.LongFunction;

/**
 * The object operations behind the layout gate, over the writer, reader, deleter, lister and copier: what
 * {@link ObjectStoreBean} runs inside the container for each call, and what {@link ObjectStoreBean#direct}
 * hands to the web layer to call without it (docs/adr/0056). Thread-safe: its workers keep no state of a
 * call.
 */
final class GatedObjectStore implements ObjectStore {

    private final LayoutGate layout;
    private final ObjectWriter writer;
    private final ObjectReader reader;
    private final ObjectDeleter deleter;
    private final ObjectLister lister;
    private final ObjectCopier copier;
    private final OriginObjects originObjects;
    private final OriginLister originLister;
    private final StreamedCopy streamedCopy;
    private final NamespaceCache namespaces;

    /** @param chunkWatchdog watches the COPYs of bodies into the chunk pool */
    GatedObjectStore(LayoutGate layout, DataAccess access, CopyWatchdog chunkWatchdog, ReadWindowBean readWindowBean,
            SharedCallsBean sharedCalls, OriginBean originBean) {
        this.layout = layout;
        writer = new ObjectWriter(access, chunkWatchdog, sharedCalls.publications());
        reader = new ObjectReader(access, sharedCalls.lookups(), readWindowBean.window());
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

    /** The plain object itself: it is already what the bean would hand out. */
    @Override
    public ObjectStore direct() {
        return this;
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
