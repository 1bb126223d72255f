package io.pgvs3.store.ejb;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySource;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartPage;
import io.pgvs3.store.api.PartSpec;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadPage;
import io.pgvs3.store.api.UploadQuery;
import io.pgvs3.store.api.UploadSpec;
import io.pgvs3.store.multipart.PartWriter;
import io.pgvs3.store.multipart.UploadCompleter;
import io.pgvs3.store.multipart.UploadLister;
import io.pgvs3.store.multipart.UploadService;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.origin.OriginCompletions;
import io.pgvs3.store.origin.OriginObjects;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.CallerInput;
import io.pgvs3.store.write.CopyWatchdogs;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.io.InputStream;

/** {@link MultipartStore} over the upload service, part writer, completer and lister. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class MultipartStoreBean extends StoreFacade implements MultipartStore {

    @EJB
    private ReadWindowBean readWindowBean;

    @EJB
    private OriginBean originBean;

    @EJB
    private ObjectStore objects;

    private UploadService uploads;
    private PartWriter parts;
    private UploadCompleter completer;
    private UploadLister lister;
    private NamespaceCache namespaces;
    private OriginCompletions originCompletions;

    @Override
    protected void wire(DataAccess access, CopyWatchdogs watchdogs) {
        namespaces = access.namespaces();
        uploads = new UploadService(access);
        parts = new PartWriter(access, watchdogs.chunk());
        completer = new UploadCompleter(access);
        lister = new UploadLister(access);
        originCompletions = new OriginCompletions(access, new ObjectReader(access, readWindowBean.window()),
                originBean.clients(), originBean.sender());
    }

    @Override
    public UploadInfo create(UploadSpec spec) {
        layout.require();
        return uploads.create(spec);
    }

    @Override
    public PartInfo uploadPart(PartSpec spec, InputStream body) {
        layout.require();
        return parts.upload(spec, CallerInput.guard(body));
    }

    @Override
    public PartInfo copyPart(PartSpec spec, CopySource source, ByteRange range, CopyListener listener) {
        layout.require();
        if (namespaces.resolve(source.bucket()).isOriginBacked()) {
            // a cold or stale source is filled first, as a GET is, and the copy reads the stored rows
            OriginObjects.awaitStored(objects.head(source.bucket(), source.key(), true));
        }
        return parts.copy(spec, source, range, listener);
    }

    @Override
    public PutResult complete(CompleteSpec spec) {
        layout.require();
        Namespace ns = namespaces.resolve(spec.bucket());
        return ns.isOriginBacked() ? completer.complete(OriginCompletions.local(spec), originCompletions.after(ns, spec))
                : completer.complete(spec);
    }

    @Override
    public void abort(String bucket, String key, String uploadId) {
        layout.require();
        uploads.abort(bucket, key, uploadId);
    }

    @Override
    public PartPage listParts(String bucket, String key, String uploadId, int afterPartNumber, int maxParts) {
        layout.require();
        return uploads.listParts(bucket, key, uploadId, afterPartNumber, maxParts);
    }

    @Override
    public UploadPage listUploads(UploadQuery query) {
        layout.require();
        return lister.list(query);
    }
}
