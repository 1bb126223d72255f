package io.pgvs3.store.testing;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.copy.ObjectCopier;
import io.pgvs3.store.multipart.PartWriter;
import io.pgvs3.store.multipart.UploadCompleter;
import io.pgvs3.store.multipart.UploadLister;
import io.pgvs3.store.multipart.UploadService;
import io.pgvs3.store.bucket.BucketService;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.list.ObjectLister;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.read.ReadPins;
import io.pgvs3.store.read.ReadWindow;
import io.pgvs3.store.read.cache.ReadCache;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import io.pgvs3.store.write.CopyWatchdog;
import io.pgvs3.store.write.ObjectDeleter;
import io.pgvs3.store.write.ObjectWriter;
import javax.sql.DataSource;

/** The plain store classes wired to the test server, as the beans wire them to the container pools. */
public final class Stores {

    /** As the gateway's defaults (server.xml): eight fetches at once, 128 MiB fetched ahead. */
    public static final int WINDOW_WORKERS = 8;
    /** The writers' watchdog; nothing checks it here (no test freezes this database: FrozenDatabaseIT does). */
    public static final CopyWatchdog WATCHDOG = new CopyWatchdog(Duration.ofSeconds(20), System::nanoTime, Runnable::run);
    public static final long WINDOW_BYTES = 128L << 20;
    private static final ExecutorService WORKERS = Executors.newFixedThreadPool(WINDOW_WORKERS, r -> {
        Thread t = new Thread(r, "read-window");
        t.setDaemon(true);
        return t;
    });

    public final NamespaceCache namespaces;
    public final BucketService buckets;
    public final ObjectWriter writer;
    public final DataAccess access;
    public final ReadPins pins;
    public final ReadCache cache;
    public final ReadWindow window;
    public final ObjectReader reader;
    public final ObjectDeleter deleter;
    public final ObjectLister lister;
    public final ObjectCopier copier;
    public final UploadService uploads;
    public final PartWriter parts;
    public final UploadCompleter completer;
    public final UploadLister uploadLister;

    public Stores() {
        this(PostgresExtension.main(), PostgresExtension.chunk());
    }

    /** The stores of another database, e.g. {@link PostgresExtension#freshStoreDatabase()}. */
    public Stores(DataSource main, DataSource chunk) {
        this(main, chunk, 0);
    }

    /** With a read cache of {@code cacheBytes} (0: off, as the gateway's default). */
    public Stores(DataSource main, DataSource chunk, long cacheBytes) {
        cache = new ReadCache(cacheBytes, ReadWindow.CACHE_BLOCK_BYTES);
        namespaces = new NamespaceCache(main);
        access = new DataAccess(main, chunk, namespaces);
        buckets = new BucketService(access);
        writer = new ObjectWriter(access, WATCHDOG);
        pins = new ReadPins(main::getConnection);
        window = new ReadWindow(chunk, pins, WORKERS, WINDOW_WORKERS, WINDOW_BYTES, cache, 1, () -> false);
        reader = new ObjectReader(access, window);
        deleter = new ObjectDeleter(access);
        lister = new ObjectLister(access);
        copier = new ObjectCopier(access, reader);
        uploads = new UploadService(access);
        parts = new PartWriter(access, WATCHDOG);
        completer = new UploadCompleter(access);
        uploadLister = new UploadLister(access);
    }

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
