package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;

/** HEAD of a random object of the dataset: the metadata lookup without a body. */
final class HeadWorkload extends OneDatasetWorkload {

    HeadWorkload(Dataset dataset) {
        super(dataset);
    }

    @Override
    public String op() {
        return "HEAD";
    }

    @Override
    Operation open(S3Client client, int worker) {
        String[] keys = keys();
        return new Call(client, worker) {
            @Override
            public void call(Outcome outcome) throws Exception {
                client.head(keys[random.nextInt(keys.length)], response);
                report(outcome, 0);
            }
        };
    }
}
