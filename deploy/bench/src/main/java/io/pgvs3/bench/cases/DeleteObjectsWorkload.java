package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;
import java.util.List;

/**
 * DeleteObjects of a whole batch of keys per call. Each worker owns its own prefix and puts the batch
 * back (untimed, over {@link ParallelPut}'s connections) before every call, so every delete removes
 * keys that exist; the rate is keys deleted per second of time spent in DeleteObjects.
 */
final class DeleteObjectsWorkload extends S3Workload {
    private final int batch;
    private final int bodySize;

    DeleteObjectsWorkload(int batch, int bodySize) {
        if (batch < 1 || batch > 1000) {
            throw new IllegalArgumentException("DeleteObjects takes 1 to 1,000 keys");
        }
        this.batch = batch;
        this.bodySize = bodySize;
    }

    @Override
    public String op() {
        return "DELETE_OBJECTS";
    }

    @Override
    public long size() {
        return 0;
    }

    @Override
    public String unit() {
        return "key";
    }

    @Override
    List<Dataset> data() {
        return List.of();
    }

    @Override
    public boolean untimedSetup() {
        return true;
    }

    /** The first batch is put before the run starts, so even a window of a second sees a delete. */
    @Override
    Operation open(S3Client client, int worker) throws Exception {
        Dataset own = new Dataset("delete-w" + worker, "delete/w" + worker + '/', batch, bodySize);
        List<String> keys = own.keys();
        RandomBody body = own.body(worker);
        ParallelPut refill = new ParallelPut(client.endpoint(), body, own.payloadHash(body), ParallelPut.CONNECTIONS);
        refill.putAll(keys);
        return new Call(client, worker) {
            private boolean full = true;

            {
                response.captureBody();
            }

            @Override
            public void prepare() throws Exception {
                if (!full) {
                    refill.putAll(keys);
                    full = true;
                }
            }

            @Override
            public void call(Outcome outcome) throws Exception {
                full = false;
                client.deleteObjects(keys, response);
                // quiet mode: the answer lists only the keys that failed
                outcome.set(response.status(), 0, batch - count(response.body(), "<Error>"));
            }

            @Override
            public void close() {
                refill.close();
                super.close();
            }
        };
    }

    private static int count(String text, String token) {
        int n = 0;
        for (int at = text.indexOf(token); at >= 0; at = text.indexOf(token, at + token.length())) {
            n++;
        }
        return n;
    }
}
