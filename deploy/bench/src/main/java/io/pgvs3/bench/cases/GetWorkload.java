package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;

/** GET of a whole object, a random one of the dataset per call. */
final class GetWorkload extends OneDatasetWorkload {

    GetWorkload(Dataset dataset) {
        super(dataset);
    }

    @Override
    public String op() {
        return "GET";
    }

    @Override
    Operation open(S3Client client, int worker) {
        String[] keys = keys();
        return new Call(client, worker) {
            @Override
            public void call(Outcome outcome) throws Exception {
                client.get(keys[random.nextInt(keys.length)], null, response);
                report(outcome, response.bodyBytes());
            }
        };
    }
}
