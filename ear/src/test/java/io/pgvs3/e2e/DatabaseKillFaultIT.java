package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * SIGKILL of PostgreSQL's postmaster under a mixed load (PUT, GET, LIST) through both gateways, then a
 * restart with crash recovery, {@code pgvs3.faults.rounds} times: clients see answers or clean S3 errors
 * only (never a hang past their timeout, a reset or an HTML page), both pools recover without a gateway
 * restart, every write acknowledged with a 200 reads back with its MD5 on both gateways, and neither
 * gateway's log holds an FFDC incident, a Liberty error or a stack trace from the outages (docs/adr/0039).
 */
@ExtendWith(FaultStack.class)
class DatabaseKillFaultIT {

    private static final Logger LOG = Logger.getLogger(DatabaseKillFaultIT.class.getName());
    private static final Duration CLIENT_TIMEOUT = Duration.ofSeconds(30);
    private static final Duration PATIENCE = Duration.ofMinutes(2);
    private static final int WORKERS_PER_GATEWAY = 2;
    /** Inline, the inline limit's neighbourhood, and chunked bodies read back as one span (≤ 256 KiB). */
    private static final int[] SIZES = {1_000, 65_536, 65_537, 250_000};

    private static final FaultBudget BUDGET = FaultBudget.get();
    private final String bucket = Clients.bucket("db-kill");
    private final Ledger ledger = new Ledger();
    private final LoadOutcomes outcomes = new LoadOutcomes();
    private final AtomicBoolean stop = new AtomicBoolean();

    @Test
    void clientsSeeCleanErrorsAndAcknowledgedWritesSurviveAKilledDatabase() throws Exception {
        List<S3Client> clients = FaultStack.clients(CLIENT_TIMEOUT);
        ExecutorService threads = Executors.newCachedThreadPool();
        try {
            clients.get(0).createBucket(b -> b.bucket(bucket));
            List<Long> gatewayPids = List.of(FaultStack.gateway(0).pid(), FaultStack.gateway(1).pid());
            List<GatewayLogs> logs = List.of(FaultStack.logs(0), FaultStack.logs(1));
            List<GatewayLogs.Mark> beforeKills = List.of(logs.get(0).mark(), logs.get(1).mark());
            List<CompletableFuture<?>> workers = new ArrayList<>();
            for (int i = 0; i < 2 * WORKERS_PER_GATEWAY; i++) {
                String prefix = "w" + i + "/";
                S3Client s3 = clients.get(i % 2);
                workers.add(CompletableFuture.runAsync(() -> work(s3, prefix), threads));
            }
            for (int round = 0; round < BUDGET.rounds(); round++) {
                Thread.sleep(BUDGET.load().toMillis()); // a load phase of bounded length
                FaultStack.killDatabase();
                FaultStack.up(); // restarts PostgreSQL only, then waits until both gateways are ready again
                for (S3Client s3 : clients) {
                    awaitAnsweredPut(s3);
                }
                Thread.sleep(BUDGET.load().toMillis());
            }
            stop.set(true);
            for (CompletableFuture<?> worker : workers) {
                worker.get(PATIENCE.toSeconds(), TimeUnit.SECONDS);
            }
            assertEquals(gatewayPids, List.of(FaultStack.gateway(0).pid(), FaultStack.gateway(1).pid()),
                    "the pools recovered without a gateway restart");
            assertEquals(0, outcomes.defects().size(), () -> "only answers and clean S3 errors, but "
                    + outcomes.defects().size() + " others, first: " + outcomes.defects().subList(0,
                    Math.min(5, outcomes.defects().size())));
            assertTrue(outcomes.cleanErrors() > 0, "the outage reached the clients");
            for (S3Client s3 : clients) {
                ledger.verify(s3, bucket);
            }
            for (int gateway = 0; gateway < 2; gateway++) { // docs/adr/0039
                logs.get(gateway).assertCleanSince(beforeKills.get(gateway), "the database kills on gateway " + gateway);
            }
            LOG.info(() -> String.format("%d round(s): %d answers, %d clean S3 errors, slowest request %d ms, "
                            + "%d acknowledged writes all intact", BUDGET.rounds(), outcomes.answered(),
                    outcomes.cleanErrors(), outcomes.slowestMillis(), ledger.size()));
        } finally {
            stop.set(true);
            threads.shutdownNow();
            clients.forEach(S3Client::close);
        }
    }

    /** PUT, GET, PUT, GET, LIST, ... until stopped; a GET of one's own acknowledged key must match it. */
    private void work(S3Client s3, String prefix) {
        SplittableRandom random = new SplittableRandom(prefix.hashCode());
        List<String> mine = new ArrayList<>();
        List<String> md5s = new ArrayList<>();
        for (int i = 0; !stop.get(); i++) {
            String key = prefix + i;
            switch (i % 5) {
                case 0, 2 -> {
                    byte[] body = bytes(SIZES[random.nextInt(SIZES.length)], i);
                    String md5 = Bodies.md5(body);
                    var put = outcomes.attempt("PUT " + key, () -> s3.putObject(b -> b.bucket(bucket).key(key),
                            RequestBody.fromBytes(body)));
                    if (put != null) {
                        if (!put.eTag().equals("\"" + md5 + "\"")) {
                            outcomes.defect("PUT " + key + " answered ETag " + put.eTag() + " for " + md5);
                        }
                        ledger.acknowledged(key, md5);
                        mine.add(key);
                        md5s.add(md5);
                    }
                }
                case 1, 3 -> {
                    if (mine.isEmpty()) {
                        continue;
                    }
                    int pick = random.nextInt(mine.size());
                    var got = outcomes.attempt("GET " + mine.get(pick),
                            () -> s3.getObjectAsBytes(b -> b.bucket(bucket).key(mine.get(pick))));
                    if (got != null && !Bodies.md5(got.asByteArray()).equals(md5s.get(pick))) {
                        outcomes.defect("GET " + mine.get(pick) + " answered other bytes");
                    }
                }
                default -> outcomes.attempt("LIST " + prefix,
                        () -> s3.listObjectsV2(b -> b.bucket(bucket).prefix(prefix).maxKeys(20)));
            }
        }
    }

    /** After the restart a gateway answers a PUT (its pools reconnected by themselves). */
    private void awaitAnsweredPut(S3Client s3) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (outcomes.attempt("PUT after restart", () -> s3.putObject(b -> b.bucket(bucket).key("probe"),
                RequestBody.fromString("probe"))) == null) {
            assertTrue(System.nanoTime() < deadline, "no PUT answered within " + PATIENCE + " after the restart");
            Thread.sleep(200);
        }
    }

    private static byte[] bytes(int size, long seed) {
        try {
            return Bodies.bytes(size, seed);
        } catch (java.io.IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
