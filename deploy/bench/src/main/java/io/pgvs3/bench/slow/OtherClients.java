package io.pgvs3.bench.slow;

import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.S3Client;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * Everybody else on the gateway while the slow download runs: one client cycling through a 4 KiB GET and
 * PUT and an 8 MiB GET and PUT until stopped, counting what came back.
 */
final class OtherClients implements Runnable {

    /** What the other clients got: successes, 503s (SlowDown or ServiceUnavailable), anything else. */
    record Tally(long ok, long unavailable, long otherFailures, double slowestMs) {
    }

    static final String SMALL_KEY = "slowread/small";
    static final String LARGE_KEY = "slowread/large";
    static final long SMALL = 4096;
    static final long LARGE = 8L << 20;

    private final Endpoint endpoint;
    private final AtomicBoolean stop = new AtomicBoolean();
    private long ok;
    private long unavailable;
    private long otherFailures;
    private long slowestNanos;
    private volatile Tally tally;

    OtherClients(Endpoint endpoint) {
        this.endpoint = endpoint;
    }

    /** Stores the objects the cycle reads. */
    static void prefill(S3Client client) throws IOException {
        put(client, SMALL_KEY, new RandomBody(SMALL, 1));
        put(client, LARGE_KEY, new RandomBody(LARGE, 2));
    }

    @Override
    public void run() {
        RandomBody smallBody = new RandomBody(SMALL, 3);
        RandomBody largeBody = new RandomBody(LARGE, 4);
        String smallSha = smallBody.sha256Hex();
        String largeSha = largeBody.sha256Hex();
        try (S3Client client = new S3Client(endpoint)) {
            while (!stop.get()) {
                count(client, (c, r) -> c.get(SMALL_KEY, null, r), SMALL);
                count(client, (c, r) -> c.put("slowread/put-small", smallBody, smallSha, r), 0);
                count(client, (c, r) -> c.get(LARGE_KEY, null, r), LARGE);
                count(client, (c, r) -> c.put("slowread/put-large", largeBody, largeSha, r), 0);
            }
        }
        tally = new Tally(ok, unavailable, otherFailures, slowestNanos / 1e6);
    }

    void stop() {
        stop.set(true);
    }

    /** Null until {@link #run()} returns. */
    Tally tally() {
        return tally;
    }

    private interface Call {
        void run(S3Client client, HttpResponse response) throws IOException;
    }

    /** One call; a GET must bring {@code expectedBytes}. */
    private void count(S3Client client, Call call, long expectedBytes) {
        long started = System.nanoTime();
        HttpResponse response = new HttpResponse();
        try {
            call.run(client, response);
            if (response.status() == 503) {
                unavailable++;
            } else if (!response.ok() || expectedBytes > 0 && response.bodyBytes() != expectedBytes) {
                otherFailures++;
            } else {
                ok++;
            }
        } catch (IOException e) {
            otherFailures++;
        }
        slowestNanos = Math.max(slowestNanos, System.nanoTime() - started);
    }

    private static void put(S3Client client, String key, RandomBody body) throws IOException {
        HttpResponse response = new HttpResponse().captureBody();
        client.put(key, body, body.sha256Hex(), response);
        if (!response.ok()) {
            throw new IOException("PUT " + key + ": status " + response.status() + ": " + response.body());
        }
    }
}
