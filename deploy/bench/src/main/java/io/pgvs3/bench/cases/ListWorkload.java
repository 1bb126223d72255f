package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;
import java.io.IOException;
import java.util.List;

/** ListObjectsV2 of the dataset's whole prefix in one page (max-keys is the dataset's size). */
final class ListWorkload extends S3Workload {
    private final Dataset dataset;

    ListWorkload(Dataset dataset) {
        if (dataset.count() > 1000) {
            throw new IllegalArgumentException("one ListObjectsV2 page holds at most 1,000 keys");
        }
        this.dataset = dataset;
    }

    @Override
    public String op() {
        return "LIST";
    }

    @Override
    public long size() {
        return 0;
    }

    @Override
    public String unit() {
        return "page";
    }

    @Override
    List<Dataset> data() {
        return List.of(dataset);
    }

    /** Worker 0 first checks, untimed, that a page really holds every key: a short page would flatter the rate. */
    @Override
    Operation open(S3Client client, int worker) throws IOException {
        if (worker == 0) {
            HttpResponse page = new HttpResponse().captureBody();
            client.listV2(dataset.prefix(), dataset.count(), page);
            int keys = page.body().split("<Key>", -1).length - 1;
            if (!page.ok() || keys != dataset.count()) {
                throw new IOException("ListObjectsV2 of " + dataset.prefix() + " at " + client.endpoint().hostHeader()
                        + " answered " + page.status() + " with " + keys + " keys, expected " + dataset.count());
            }
        }
        return new Call(client, worker) {
            @Override
            public void call(Outcome outcome) throws Exception {
                client.listV2(dataset.prefix(), dataset.count(), response);
                report(outcome, response.bodyBytes());
            }
        };
    }
}
