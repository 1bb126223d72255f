package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * One writer per key overwrites a few keys through gateway 1 (sizes around the 64 KiB inline limit and
 * multi-MiB, so a key moves between inline and chunked) while readers read them through gateway 2,
 * with the reaper at zero grace deleting every replaced file: each body read equals a version written
 * and is never older than the newest version acknowledged before the read began.
 */
@ExtendWith(FaultStack.class)
class OverwriteRaceFaultIT {

    private static final Logger LOG = Logger.getLogger(OverwriteRaceFaultIT.class.getName());
    private static final int KEYS = 3;
    private static final int READERS = 3;
    private static final Duration PATIENCE = Duration.ofMinutes(2);

    private static final FaultBudget BUDGET = FaultBudget.get();
    private final String bucket = Clients.bucket("overwrite-race");
    private final long[] sizes = {65_520, 65_536, 65_537, 70_000, BUDGET.largeBytes()};
    /** Per key: the newest version acknowledged, and the newest whose PUT began. */
    private final AtomicLongArray acknowledged = new AtomicLongArray(KEYS);
    private final AtomicLongArray begun = new AtomicLongArray(KEYS);
    private final AtomicLong reads = new AtomicLong();
    private final AtomicLong readsNewerThanTheirFloor = new AtomicLong();
    private final List<String> failures = new CopyOnWriteArrayList<>();
    private final AtomicBoolean stop = new AtomicBoolean();

    @Test
    void readersSeeAWrittenVersionNeverOlderThanTheLastAcknowledged() throws Exception {
        ExecutorService threads = Executors.newCachedThreadPool();
        try (S3Client writer = FaultStack.s3(0, PATIENCE); S3Client reader = FaultStack.s3(1, PATIENCE)) {
            writer.createBucket(b -> b.bucket(bucket));
            for (int key = 0; key < KEYS; key++) {
                put(writer, key, 0);
            }
            List<CompletableFuture<?>> running = new ArrayList<>();
            for (int key = 0; key < KEYS; key++) {
                int k = key;
                running.add(CompletableFuture.runAsync(() -> guarded(() -> write(writer, k)), threads));
            }
            for (int i = 0; i < READERS; i++) {
                long seed = i;
                running.add(CompletableFuture.runAsync(() -> guarded(() -> read(reader, seed)), threads));
            }
            Thread.sleep(BUDGET.race().toMillis()); // a race of bounded length
            stop.set(true);
            for (CompletableFuture<?> task : running) {
                task.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            }
            assertEquals(List.of(), failures);
            long writes = 0;
            for (int key = 0; key < KEYS; key++) {
                writes += acknowledged.get(key);
            }
            assertTrue(writes > KEYS && reads.get() > KEYS, writes + " overwrites and " + reads + " reads");
            long overwrites = writes;
            LOG.info(() -> String.format("%d overwrites, %d reads (%d newer than their floor)", overwrites, reads.get(),
                    readsNewerThanTheirFloor.get()));
        } finally {
            stop.set(true);
            threads.shutdownNow();
        }
    }

    private void write(S3Client writer, int key) throws Exception {
        for (long version = 1; !stop.get(); version++) {
            put(writer, key, version);
        }
    }

    private void put(S3Client writer, int key, long version) throws Exception {
        VersionedBody body = new VersionedBody(key, version, sizes[(int) ((version + key) % sizes.length)]);
        begun.set(key, version);
        writer.putObject(b -> b.bucket(bucket).key("k" + key),
                RequestBody.fromContentProvider(body::stream, body.size(), "application/octet-stream"));
        acknowledged.set(key, version);
    }

    private void read(S3Client reader, long seed) throws Exception {
        SplittableRandom random = new SplittableRandom(seed);
        while (!stop.get()) {
            int key = random.nextInt(KEYS);
            long floor = acknowledged.get(key);
            byte[] body = reader.getObjectAsBytes(b -> b.bucket(bucket).key("k" + key)).asByteArray();
            long ceiling = begun.get(key);
            long version = VersionedBody.versionOf(body);
            String what = "k" + key + " read as version " + version + " (" + body.length + " bytes), acknowledged "
                    + floor + " before the read, begun " + ceiling + " after it";
            if (version < floor || version > ceiling || VersionedBody.keyOf(body) != key) {
                failures.add(what);
            } else {
                VersionedBody expected = new VersionedBody(key, version, sizes[(int) ((version + key) % sizes.length)]);
                if (body.length != expected.size() || !Bodies.md5(body).equals(expected.md5())) {
                    failures.add(what + ": not the bytes of that version");
                }
            }
            reads.incrementAndGet();
            if (version > floor) {
                readsNewerThanTheirFloor.incrementAndGet();
            }
        }
    }

    private interface Work {
        void run() throws Exception;
    }

    private void guarded(Work work) {
        try {
            work.run();
        } catch (Exception e) {
            failures.add(e.toString());
            stop.set(true);
        }
    }
}
