package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Overwrite, delete and multipart churn for {@code pgvs3.faults.soakSeconds} through both gateways with
 * the reaper running at zero grace. Once the churn stops and the reaper and VACUUM have caught up, the
 * bucket's storage is back within a stated bound of its live data: no dead tuple in any of its tables,
 * exactly the chunk rows of the live files, and of the chunks heap nothing but those rows (plus 64 bytes
 * a page and 8 a row) and free space the free space map offers to later writes. The heap does not
 * shrink (plain VACUUM), so its size is the churn's high-water mark.
 */
@ExtendWith(FaultStack.class)
class ChurnSoakFaultIT {

    private static final Logger LOG = Logger.getLogger(ChurnSoakFaultIT.class.getName());
    private static final int WORKERS = 3;
    private static final int KEYS_PER_WORKER = 8;
    private static final Duration PATIENCE = Duration.ofMinutes(5);
    /** Every part but the last has at least this size; more would only write more (the churn writes GBs). */
    private static final long MIN_PART_BYTES = 5L << 20;
    private static final long PAGE = 8192;
    /**
     * What a heap page may hold besides its rows and the free space its free space map entry records: the
     * 24-byte page header, the map's rounding down to 1/256 page (under 32 bytes), and a few line pointers.
     */
    private static final long PAGE_OVERHEAD = 64;
    /** A row's line pointer and its alignment to 8 bytes. */
    private static final long ROW_OVERHEAD = 8;

    private static final FaultBudget BUDGET = FaultBudget.get();
    private final String bucket = Clients.bucket("churn-soak");

    @Test
    void afterChurnStorageReturnsToTheLiveDataAndReusableFreeSpace() throws Exception {
        List<S3Client> clients = FaultStack.clients(PATIENCE);
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            clients.get(0).createBucket(b -> b.bucket(bucket));
            AtomicBoolean stop = new AtomicBoolean();
            List<ChurnWorker> workers = new ArrayList<>();
            List<CompletableFuture<?>> running = new ArrayList<>();
            for (int i = 0; i < WORKERS; i++) {
                ChurnWorker worker = new ChurnWorker(clients.get(i % 2), bucket, "w" + i + "/", KEYS_PER_WORKER,
                        BUDGET.largeBytes(), MIN_PART_BYTES);
                workers.add(worker);
                running.add(CompletableFuture.runAsync(() -> {
                    try {
                        worker.churnUntil(stop::get);
                    } catch (Exception e) {
                        stop.set(true);
                        throw new IllegalStateException(e);
                    }
                }, threads));
            }
            Thread.sleep(BUDGET.soak().toMillis()); // churn of bounded length
            stop.set(true);
            for (CompletableFuture<?> worker : running) {
                worker.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            }

            BucketTables tables = BucketTables.of(bucket);
            List<BucketTables.Measure> before = tables.measure();
            List<BucketTables.Measure> after = tables.awaitReapedAndVacuumed(PATIENCE);
            Map<String, ChurnWorker.Expected> live = new TreeMap<>();
            workers.forEach(w -> live.putAll(w.live()));
            assertLiveObjects(clients.get(1), live);
            assertBound(after, live);
            String ns = Admin.namespace(FaultStack.stat(0), bucket);
            assertEquals(0, Admin.number(ns, "incompleteUploads"), ns);
            LOG.info(() -> String.format("churn of %s: %d operations, %,d bytes written, %d live objects of %,d bytes"
                            + "%nbucket tables when the churn stopped:%s%nafter the reaper and VACUUM:%s", BUDGET.soak(),
                    workers.stream().mapToLong(ChurnWorker::operations).sum(),
                    workers.stream().mapToLong(ChurnWorker::bytesWritten).sum(), live.size(),
                    live.values().stream().mapToLong(ChurnWorker.Expected::size).sum(),
                    BucketTables.describe(before), BucketTables.describe(after)));
        } finally {
            threads.shutdownNow();
            clients.forEach(S3Client::close);
        }
    }

    private void assertLiveObjects(S3Client s3, Map<String, ChurnWorker.Expected> live) throws Exception {
        Map<String, Long> listed = s3.listObjectsV2Paginator(b -> b.bucket(bucket)).contents().stream()
                .collect(Collectors.toMap(S3Object::key, S3Object::size, (a, b) -> a, TreeMap::new));
        Map<String, Long> expected = new TreeMap<>();
        live.forEach((key, object) -> expected.put(key, object.size()));
        assertEquals(expected, listed, "the objects the churn left, with their sizes");
        for (Map.Entry<String, ChurnWorker.Expected> object : live.entrySet()) {
            try (InputStream in = s3.getObject(b -> b.bucket(bucket).key(object.getKey()))) {
                assertEquals(object.getValue().md5(), Bodies.md5(in), object.getKey());
            }
        }
    }

    private static void assertBound(List<BucketTables.Measure> after, Map<String, ChurnWorker.Expected> live) {
        BucketTables.Measure chunks = BucketTables.of(after, "chunks");
        String described = BucketTables.describe(after);
        assertEquals(live.values().stream().mapToLong(ChurnWorker.Expected::chunkRows).sum(), chunks.liveTuples(),
                "exactly the chunk rows of the live files:" + described);
        // measured by the free space map, not pgstattuple: pages a bulk COPY added but never used are still
        // zeroed, which pgstattuple counts as neither rows nor free space while the map offers them to writes
        long heldByRows = chunks.heapBytes() - chunks.reusableBytes();
        assertTrue(heldByRows <= chunks.liveBytes() + chunks.heapBytes() / PAGE * PAGE_OVERHEAD
                        + chunks.liveTuples() * ROW_OVERHEAD,
                "of the chunks heap, all but the live rows is reusable free space:" + described);
    }
}
