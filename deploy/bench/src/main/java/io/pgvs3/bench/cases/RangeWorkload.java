package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;

/**
 * GET of a random byte range of one large object, the access pattern of columnar readers. Offsets are
 * not aligned to anything, as a Parquet footer or column chunk is not.
 */
final class RangeWorkload extends OneDatasetWorkload {
    private final int length;

    RangeWorkload(Dataset dataset, int length) {
        super(oneObjectLongerThan(dataset, length));
        this.length = length;
    }

    private static Dataset oneObjectLongerThan(Dataset dataset, int length) {
        if (dataset.count() != 1 || dataset.size() < length) {
            throw new IllegalArgumentException("a range workload reads one object longer than the range");
        }
        return dataset;
    }

    @Override
    public String op() {
        return "RANGE";
    }

    @Override
    public long size() {
        return length;
    }

    @Override
    Operation open(S3Client client, int worker) {
        String key = dataset.key(0);
        int span = dataset.size() - length + 1;
        return new Call(client, worker) {
            @Override
            public void call(Outcome outcome) throws Exception {
                long first = random.nextInt(span);
                client.get(key, "bytes=" + first + '-' + (first + length - 1), response);
                report(outcome, response.bodyBytes());
            }
        };
    }
}
