package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.SequenceInputStream;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * SIGKILL of a gateway while large PUTs and parallel UploadParts are cut off mid-body (see
 * {@link GatedBody}) and CompleteMultipartUploads are in flight, {@code pgvs3.faults.rounds} times: no
 * partial object is ever visible, every acknowledged object is intact, the cut-off uploads left nothing
 * behind (the reaper at zero grace empties the queue, no unreferenced file keeps rows) and VACUUM
 * reclaims every rolled-back row.
 */
@ExtendWith(FaultStack.class)
class GatewayKillFaultIT {

    private static final Logger LOG = Logger.getLogger(GatewayKillFaultIT.class.getName());
    private static final Duration PATIENCE = Duration.ofMinutes(3);
    private static final int KILLED = 0;
    private static final int CUT_PUTS = 2;
    private static final int PARTS = 3;
    private static final int COMPLETERS = 4;

    private static final FaultBudget BUDGET = FaultBudget.get();
    private static final String BUCKET = Clients.bucket("gateway-kill");
    private static final ExecutorService THREADS = Executors.newCachedThreadPool();
    private static S3Client killed;
    private static S3Client survivor;

    @BeforeAll
    static void clients() {
        survivor = FaultStack.s3(1, Duration.ofMinutes(2));
        survivor.createBucket(b -> b.bucket(BUCKET));
    }

    @AfterAll
    static void close() {
        THREADS.shutdownNow();
        survivor.close();
    }

    @Test
    void aKilledGatewayLeavesNoPartialObjectNoGarbageAndNoDeadRows() throws Exception {
        Ledger ledger = new Ledger();
        Set<String> expectedKeys = new HashSet<>();
        for (int round = 0; round < BUDGET.rounds(); round++) {
            killed = FaultStack.s3(KILLED, Duration.ofMinutes(2));
            try {
                killOnce("r" + round + "/", ledger, expectedKeys);
            } finally {
                killed.close();
            }
        }
        ledger.verify(survivor, BUCKET);
        Set<String> listed = survivor.listObjectsV2Paginator(b -> b.bucket(BUCKET)).contents().stream()
                .map(S3Object::key).collect(Collectors.toSet());
        assertEquals(expectedKeys, listed, "exactly the completed objects are listed");

        BucketTables tables = BucketTables.of(BUCKET);
        List<BucketTables.Measure> before = tables.measure();
        List<BucketTables.Measure> after = tables.awaitReapedAndVacuumed(PATIENCE);
        String ns = Admin.namespace(FaultStack.stat(1), BUCKET);
        assertEquals(0, Admin.number(ns, "garbageFiles"), ns);
        assertEquals(0, Admin.number(ns, "garbageChunkRows"), ns);
        LOG.info(() -> "bucket tables after the kills:" + BucketTables.describe(before)
                + "\nafter the reaper and VACUUM:" + BucketTables.describe(after));
    }

    private void killOnce(String prefix, Ledger ledger, Set<String> expectedKeys) throws Exception {
        for (int i = 0; i < 3; i++) {
            long size = new long[] {1_000, 70_000, BUDGET.putBytes()}[i];
            String key = prefix + "acked-" + i;
            killed.putObject(b -> b.bucket(BUCKET).key(key), body(size, seed(key)));
            ledger.acknowledged(key, Bodies.md5(Bodies.stream(size, seed(key))));
            expectedKeys.add(key);
        }
        List<OneMultipart> toComplete = new ArrayList<>();
        for (int i = 0; i < BUDGET.completes(); i++) {
            toComplete.add(OneMultipart.prepare(survivor, BUCKET, prefix + "completed-" + i, 70_000 + i));
        }
        String multipartKey = prefix + "multipart";
        String uploadId = survivor.createMultipartUpload(b -> b.bucket(BUCKET).key(multipartKey)).uploadId();
        String firstPart = killed.uploadPart(b -> b.bucket(BUCKET).key(multipartKey).uploadId(uploadId).partNumber(1),
                body(BUDGET.partBytes(), seed(multipartKey) + 1)).eTag();

        CutOffUploads cutOff = new CutOffUploads(killed, BUCKET, THREADS);
        for (int i = 0; i < CUT_PUTS; i++) {
            cutOff.put(prefix + "cut-" + i, BUDGET.putBytes(), seed(prefix + "cut-" + i));
        }
        for (int part = 2; part <= PARTS; part++) {
            cutOff.uploadPart(multipartKey, uploadId, part, BUDGET.partBytes(), seed(multipartKey) + part);
        }
        cutOff.awaitGates(PATIENCE);

        Completions completions = new Completions(killed, toComplete);
        List<CompletableFuture<?>> completers = new ArrayList<>();
        for (int i = 0; i < COMPLETERS; i++) {
            completers.add(CompletableFuture.runAsync(completions::run, THREADS));
        }
        assertTrue(completions.awaitFirstAcknowledgement(PATIENCE), "no CompleteMultipartUpload was acknowledged");
        FaultStack.killGateway(KILLED);
        cutOff.releaseAndAwaitFailures(PATIENCE);
        for (CompletableFuture<?> completer : completers) {
            completer.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
        }
        assertTrue(completions.inFlight() >= 1, "no CompleteMultipartUpload was in flight at the kill");
        LOG.info(() -> prefix + " at the kill: " + completions.acknowledged().size() + " completions acknowledged, "
                + completions.inFlight() + " in flight, " + (completions.unsettled().size() - completions.inFlight())
                + " refused");
        FaultStack.up();
        verifyRound(prefix, completions, toComplete, ledger, expectedKeys);
        finishCutMultipart(multipartKey, uploadId, firstPart, ledger);
        expectedKeys.add(multipartKey);
        assertTrue(survivor.listMultipartUploads(b -> b.bucket(BUCKET).prefix(prefix)).uploads().isEmpty(),
                "no upload left open");
    }

    /** After the restart: nothing cut off is visible, and every completion happened all or not at all. */
    private void verifyRound(String prefix, Completions completions, List<OneMultipart> toComplete, Ledger ledger,
                             Set<String> expectedKeys) throws Exception {
        for (int i = 0; i < CUT_PUTS; i++) {
            String key = prefix + "cut-" + i;
            assertThrows(NoSuchKeyException.class, () -> survivor.headObject(b -> b.bucket(BUCKET).key(key)),
                    "a PUT cut off mid-body is not visible");
        }
        for (OneMultipart upload : completions.acknowledged()) {
            upload.recordIn(ledger);
        }
        for (OneMultipart upload : completions.unsettled()) {
            upload.assertAtomic(survivor);
            upload.complete(survivor); // a retry of a completion that happened answers the same
            upload.recordIn(ledger);
        }
        for (OneMultipart upload : toComplete) {
            expectedKeys.add(upload.key());
        }
    }

    /** Only the acknowledged part survived; the cut-off ones are sent again and the upload completes. */
    private void finishCutMultipart(String key, String uploadId, String firstPart, Ledger ledger) throws Exception {
        var listed = survivor.listParts(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)).parts();
        assertEquals(1, listed.size(), "only the acknowledged part is listed: " + listed);
        assertEquals(firstPart, listed.get(0).eTag());
        List<CompletedPart> parts = new ArrayList<>();
        parts.add(CompletedPart.builder().partNumber(1).eTag(firstPart).build());
        List<InputStream> whole = new ArrayList<>(List.of(Bodies.stream(BUDGET.partBytes(), seed(key) + 1)));
        for (int part = 2; part <= PARTS; part++) {
            int number = part;
            String etag = survivor.uploadPart(b -> b.bucket(BUCKET).key(key).uploadId(uploadId).partNumber(number),
                    body(BUDGET.partBytes(), seed(key) + part)).eTag();
            parts.add(CompletedPart.builder().partNumber(part).eTag(etag).build());
            whole.add(Bodies.stream(BUDGET.partBytes(), seed(key) + part));
        }
        survivor.completeMultipartUpload(b -> b.bucket(BUCKET).key(key).uploadId(uploadId)
                .multipartUpload(m -> m.parts(parts)));
        ledger.acknowledged(key, Bodies.md5(new SequenceInputStream(Collections.enumeration(whole))));
    }

    private static RequestBody body(long size, long seed) {
        return RequestBody.fromContentProvider(() -> Bodies.stream(size, seed), size, "application/octet-stream");
    }

    private static long seed(String key) {
        return key.hashCode() * 1_000L;
    }
}
