package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;
import java.util.List;

/**
 * PUT overwriting a random prefilled object of the dataset, so the steady state is measured (no
 * first-time inserts, no growth). It may share the dataset GET and HEAD read: an overwrite keeps the
 * size, and cases never run at the same time. Each worker sends its own random body; its SHA-256 is computed once,
 * so the call carries the real payload hash at no per-call cost.
 */
final class PutWorkload extends S3Workload {
    private final Dataset dataset;

    PutWorkload(Dataset dataset) {
        this.dataset = dataset;
    }

    @Override
    public String op() {
        return "PUT";
    }

    @Override
    public long size() {
        return dataset.size();
    }

    @Override
    public String unit() {
        return "req";
    }

    @Override
    List<Dataset> data() {
        return List.of(dataset);
    }

    @Override
    Operation open(S3Client client, int worker) {
        String[] keys = dataset.keys().toArray(String[]::new);
        byte[] body = dataset.body(worker);
        String sha256 = client.sha256Hex(body);
        return new Call(client, worker) {
            @Override
            public void call(Outcome outcome) throws Exception {
                client.put(keys[random.nextInt(keys.length)], body, sha256, response);
                report(outcome, body.length);
            }
        };
    }
}
