package io.pgvs3.bench.memory;

import io.pgvs3.bench.cases.Bucket;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.report.MemoryResult;
import io.pgvs3.bench.targets.S3Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Whether large bodies stream through the gateway or pile up in its heap: N concurrent GETs of one
 * large object, then N concurrent PUTs of as many new ones, against a gateway with a small heap,
 * sampling its heap all along (jstat, every 100 ms) and watching its logs for OutOfMemoryError. A buffering read or write
 * path fails here long before it shows in a throughput number.
 */
public final class MemoryRun {
    private static final Logger LOG = Logger.getLogger(MemoryRun.class.getName());

    private final S3Target gateway;
    private final GatewayLogs logs;
    private final long size;
    private final int concurrency;

    public MemoryRun(S3Target gateway, Path logDir, long size, int concurrency) {
        if (gateway.serverPid() <= 0) {
            throw new IllegalArgumentException("the memory run needs the gateway's pid to sample its heap");
        }
        this.gateway = gateway;
        this.logs = new GatewayLogs(logDir);
        this.size = size;
        this.concurrency = concurrency;
    }

    /** What the run stores: the shared object and one per concurrent PUT. */
    public long storedBytes() {
        return (concurrency + 1L) * size;
    }

    @FunctionalInterface
    private interface Request {
        /** One request on its own client; returns null on success, else what went wrong. */
        String run(S3Client client, int i) throws IOException;
    }

    public List<MemoryResult> run(Path ndjson) throws Exception {
        String run = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        RandomBody body = new RandomBody(size, size);
        String sha256 = body.sha256Hex();
        String shared = "memory/" + size;
        Bucket.FIXTURE.establish(gateway);
        try (S3Client client = new S3Client(gateway.endpoint())) {
            String error = put(client, shared, body, sha256);
            if (error != null) {
                throw new IOException("prefilling " + shared + ": " + error);
            }
        }
        List<MemoryResult> results = new ArrayList<>();
        try (HeapSampler heap = new HeapSampler(gateway.serverPid())) {
            results.add(phase(run, "GET", heap, (client, i) -> get(client, shared)));
            results.add(phase(run, "PUT", heap, (client, i) -> put(client, "memory/put-" + i, body, sha256)));
        }
        Files.createDirectories(ndjson.toAbsolutePath().getParent());
        Files.write(ndjson, results.stream().map(MemoryResult::toJson).toList());
        return results;
    }

    private MemoryResult phase(String run, String op, HeapSampler heap, Request request) throws Exception {
        long oom0 = logs.outOfMemoryLines();
        heap.reset();
        ExecutorService pool = Executors.newFixedThreadPool(concurrency);
        long t0 = System.nanoTime();
        int ok = 0;
        try {
            List<Future<String>> futures = new ArrayList<>();
            for (int i = 0; i < concurrency; i++) {
                int n = i;
                futures.add(pool.submit(() -> {
                    try (S3Client client = new S3Client(gateway.endpoint())) {
                        return request.run(client, n);
                    } catch (IOException e) {
                        LOG.log(Level.WARNING, op + " " + n + " failed", e);
                        return "io: " + e.getMessage();
                    }
                }));
            }
            for (Future<String> f : futures) {
                String error = f.get();
                if (error == null) {
                    ok++;
                } else {
                    LOG.warning(op + " failed: " + error);
                }
            }
        } finally {
            pool.shutdownNow();
        }
        double seconds = (System.nanoTime() - t0) / 1e9;
        // the last samples may trail the last request by one interval
        Thread.sleep(2 * HeapSampler.INTERVAL_MS);
        MemoryResult result = new MemoryResult(run, gateway.build(), op, concurrency, size, ok, concurrency - ok, seconds,
                heap.maxUsed(), heap.maxCommitted(), heap.heapMax(), heap.samples(), logs.outOfMemoryLines() - oom0);
        LOG.info(() -> result.toJson());
        return result;
    }

    private String get(S3Client client, String key) throws IOException {
        HttpResponse response = new HttpResponse();
        client.get(key, null, response);
        return !response.ok() ? "status " + response.status()
                : response.bodyBytes() != size ? response.bodyBytes() + " of " + size + " bytes" : null;
    }

    private static String put(S3Client client, String key, RandomBody body, String sha256) throws IOException {
        HttpResponse response = new HttpResponse().captureBody();
        client.put(key, body, sha256, response);
        return response.ok() ? null : "status " + response.status() + ": " + response.body();
    }
}
