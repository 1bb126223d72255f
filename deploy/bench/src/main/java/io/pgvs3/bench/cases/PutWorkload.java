package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.Body;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;

/**
 * PUT overwriting a random prefilled object of the dataset, so the steady state is measured (no
 * first-time inserts, no growth). It may share the dataset GET and HEAD read: an overwrite keeps the
 * size, and cases never run at the same time. Each worker sends its own random body, streamed (a 64 MiB body is never
 * an array), with the payload hash its dataset chooses, computed once, so it costs no call anything.
 */
final class PutWorkload extends OneDatasetWorkload {

    PutWorkload(Dataset dataset) {
        super(dataset);
    }

    @Override
    public String op() {
        return "PUT";
    }

    @Override
    Operation open(S3Client client, int worker) {
        String[] keys = keys();
        Body body = dataset.body(worker);
        String payloadHash = dataset.payloadHash(body);
        return new Call(client, worker) {
            @Override
            public void call(Outcome outcome) throws Exception {
                client.put(keys[random.nextInt(keys.length)], body, payloadHash, response);
                report(outcome, body.length());
            }
        };
    }
}
