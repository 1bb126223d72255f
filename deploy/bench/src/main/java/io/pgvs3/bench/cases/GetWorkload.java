package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;
import java.util.List;

/** GET of a whole object, a random one of the dataset per call. */
final class GetWorkload extends S3Workload {
    private final Dataset dataset;

    GetWorkload(Dataset dataset) {
        this.dataset = dataset;
    }

    @Override
    public String op() {
        return "GET";
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
        return new Call(client, worker) {
            @Override
            public void call(Outcome outcome) throws Exception {
                client.get(keys[random.nextInt(keys.length)], null, response);
                report(outcome, response.bodyBytes());
            }
        };
    }
}
