package io.pgvs3.bench.cases;

import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.targets.S3Target;
import io.pgvs3.bench.targets.Target;
import java.io.IOException;

/** The benchmark bucket, created before anything is put in it. */
public final class Bucket implements Fixture {
    public static final Bucket FIXTURE = new Bucket();

    private Bucket() {
    }

    @Override
    public String id() {
        return "bucket";
    }

    /** Creates the bucket; one that already exists (a rerun on the same state) is fine. */
    @Override
    public void establish(Target target) throws IOException {
        Endpoint endpoint = ((S3Target) target).endpoint();
        try (S3Client client = new S3Client(endpoint)) {
            HttpResponse response = new HttpResponse().captureBody();
            client.createBucket(response);
            if (!response.ok() && !(response.status() == 409 && response.body().contains("BucketAlreadyOwnedByYou"))) {
                throw new IOException("CreateBucket " + endpoint.bucket() + " at " + endpoint.hostHeader()
                        + " answered " + response.status() + ": " + response.body());
            }
        }
    }
}
