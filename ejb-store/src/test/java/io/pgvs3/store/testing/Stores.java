package io.pgvs3.store.testing;

import io.pgvs3.store.copy.ObjectCopier;
import io.pgvs3.store.multipart.PartWriter;
import io.pgvs3.store.multipart.UploadCompleter;
import io.pgvs3.store.multipart.UploadLister;
import io.pgvs3.store.multipart.UploadService;
import io.pgvs3.store.namespace.BucketService;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.list.ObjectLister;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.ObjectDeleter;
import io.pgvs3.store.write.ObjectWriter;

/** The plain store classes wired to the test server, as the beans wire them to the container pools. */
public final class Stores {

    public final NamespaceCache namespaces = new NamespaceCache(PostgresExtension.main());
    public final BucketService buckets = new BucketService(PostgresExtension.main(), namespaces);
    public final ObjectWriter writer = new ObjectWriter(PostgresExtension.main(), PostgresExtension.chunk(), namespaces);
    public final ObjectReader reader = new ObjectReader(PostgresExtension.main(), PostgresExtension.chunk(), namespaces);
    public final ObjectDeleter deleter = new ObjectDeleter(PostgresExtension.main(), namespaces);
    public final ObjectLister lister = new ObjectLister(PostgresExtension.main(), namespaces);
    public final ObjectCopier copier = new ObjectCopier(PostgresExtension.main(), PostgresExtension.chunk(), namespaces);
    public final UploadService uploads = new UploadService(PostgresExtension.main(), namespaces);
    public final PartWriter parts = new PartWriter(PostgresExtension.main(), PostgresExtension.chunk(), namespaces);
    public final UploadCompleter completer = new UploadCompleter(PostgresExtension.main(), namespaces);
    public final UploadLister uploadLister = new UploadLister(PostgresExtension.main(), namespaces);

    /** Creates a bucket with a unique name and returns the name. */
    public String newBucket(String hint) {
        String name = PostgresExtension.uniqueBucket(hint);
        buckets.create(name);
        return name;
    }

    /** Creates the bucket {@code name} and returns it. */
    public String newBucketNamed(String name) {
        buckets.create(name);
        return name;
    }
}
