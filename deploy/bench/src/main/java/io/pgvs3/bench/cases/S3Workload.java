package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;
import io.pgvs3.bench.targets.S3Target;
import io.pgvs3.bench.targets.Target;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/** A workload over the S3 API: each worker gets its own {@link S3Client} (one keep-alive connection). */
abstract class S3Workload implements Workload {
    @Override
    public final boolean runsOn(Target target) {
        return target instanceof S3Target;
    }

    /** The bucket first, then the objects this workload reads or overwrites. */
    @Override
    public final List<Fixture> fixtures() {
        List<Fixture> fixtures = new ArrayList<>();
        fixtures.add(Bucket.FIXTURE);
        fixtures.addAll(data());
        return fixtures;
    }

    abstract List<Dataset> data();

    @Override
    public final Operation.Factory operations(Target target) {
        Endpoint endpoint = ((S3Target) target).endpoint();
        return worker -> open(new S3Client(endpoint), worker);
    }

    /** The worker's operation over its own client, which the operation closes. */
    abstract Operation open(S3Client client, int worker) throws Exception;

    /** The usual shape of an S3 operation: one client, one reusable response, a per-worker random. */
    abstract static class Call implements Operation {
        final S3Client client;
        final HttpResponse response = new HttpResponse();
        final SplittableRandom random;

        Call(S3Client client, int worker) {
            this.client = client;
            this.random = new SplittableRandom(0x9E3779B97F4A7C15L * (worker + 1));
        }

        /** Reports the response as one unit of work that moved {@code bytes} of payload. */
        void report(Outcome outcome, long bytes) {
            outcome.set(response.status(), bytes, 1);
        }

        @Override
        public long connects() {
            return client.connects();
        }

        @Override
        public void close() {
            client.close();
        }
    }
}
