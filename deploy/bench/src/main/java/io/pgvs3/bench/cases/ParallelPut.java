package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.Body;
import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.S3Client;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Puts one body under many keys over a few connections at once: prefills and the DeleteObjects
 * refill, both untimed, so only their wall time matters. Any non-2xx answer fails the whole put,
 * which is also how a run proves that its signatures are accepted.
 */
final class ParallelPut implements AutoCloseable {
    static final int CONNECTIONS = 16;

    private final List<S3Client> clients = new ArrayList<>();
    private final ExecutorService executor;
    private final Body body;
    private final String payloadHash;

    ParallelPut(Endpoint endpoint, Body body, String payloadHash, int connections) {
        for (int i = 0; i < connections; i++) {
            clients.add(new S3Client(endpoint));
        }
        this.executor = Executors.newFixedThreadPool(connections, r -> {
            Thread t = new Thread(r, "bench-put");
            t.setDaemon(true);
            return t;
        });
        this.body = body;
        this.payloadHash = payloadHash;
    }

    void putAll(List<String> keys) throws Exception {
        List<Future<?>> futures = new ArrayList<>();
        int n = clients.size();
        for (int c = 0; c < n; c++) {
            S3Client client = clients.get(c);
            List<String> share = new ArrayList<>();
            for (int i = c; i < keys.size(); i += n) {
                share.add(keys.get(i));
            }
            futures.add(executor.submit(() -> {
                HttpResponse response = new HttpResponse().captureBody();
                for (String key : share) {
                    client.put(key, body, payloadHash, response);
                    if (!response.ok()) {
                        throw new IOException("PUT " + key + " answered " + response.status() + ": " + response.body());
                    }
                }
                return null;
            }));
        }
        for (Future<?> future : futures) {
            future.get();
        }
    }

    @Override
    public void close() {
        executor.shutdownNow();
        clients.forEach(S3Client::close);
    }
}
