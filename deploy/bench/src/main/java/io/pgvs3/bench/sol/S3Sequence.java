package io.pgvs3.bench.sol;

import io.pgvs3.bench.cases.Bucket;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.targets.S3Target;
import java.io.IOException;

/**
 * One trial on an S3 server (the gateway, or the HTTP floor): PUT a new object, GET it whole right
 * away (the first read, which meets freshly written pages), GET it again (a later read), then GET a
 * range from its middle. One client connection does all of it: one stream, as in issue 8. It is new
 * each trial: the other blocks keep it idle for longer than a server keeps an idle keep-alive
 * connection (the gateway: pgvs3.http.idle-timeout, 30 s), and a write into a closed one measures nothing.
 */
final class S3Sequence {
    private final S3Target target;
    private final HttpResponse response = new HttpResponse();
    private S3Client client;

    S3Sequence(S3Target target) throws IOException {
        this.target = target;
        Bucket.FIXTURE.establish(target);
    }

    void trial(SolCase c, int trial, SolResults results) throws IOException {
        try (S3Client stream = new S3Client(target.endpoint())) {
            client = stream;
            calls(c, trial, results);
        }
    }

    /** Only the trial's reads (a GET and the range) of the object an earlier {@link #trial} stored. */
    void reads(SolCase c, int trial, SolResults results) throws IOException {
        try (S3Client stream = new S3Client(target.endpoint())) {
            client = stream;
            laterReads(c, trial, results);
        }
    }

    private void calls(SolCase c, int trial, SolResults results) throws IOException {
        String key = key(c, trial);
        RandomBody body = c.body();
        results.write(target, c.name("put"), "PUT", body.length(), 1, trial, shot(() -> {
            client.put(key, body, c.bodySha256(), response);
            return check(0) + body.length();
        }));
        results.write(target, c.name("get-first"), "GET", body.length(), 1, trial, get(key, null, body.length()));
        laterReads(c, trial, results);
    }

    private void laterReads(SolCase c, int trial, SolResults results) throws IOException {
        String key = key(c, trial);
        results.write(target, c.name("get"), "GET", c.body().length(), 1, trial, get(key, null, c.body().length()));
        String range = "bytes=" + c.rangeFirst() + '-' + (c.rangeFirst() + c.rangeLength() - 1);
        results.write(target, c.rangeName(), "RANGE", c.rangeLength(), 1, trial, get(key, range, c.rangeLength()));
    }

    private static String key(SolCase c, int trial) {
        return "sol/" + c.label() + "/t" + trial;
    }

    private Shot get(String key, String range, long expected) {
        return shot(() -> {
            client.get(key, range, response);
            return check(expected);
        });
    }

    private Shot shot(Shot.Call call) {
        return Shot.measure(target.serverCpu(), target.dbCpu(), call);
    }

    /** Fails unless the answer was 2xx with a body of {@code expected} bytes; returns them. */
    private long check(long expected) throws Shot.Failed {
        if (!response.ok()) {
            throw new Shot.Failed(Integer.toString(response.status()), target.name() + " answered " + response.status());
        }
        if (response.bodyBytes() != expected) {
            throw new Shot.Failed("short", target.name() + " sent " + response.bodyBytes() + " of " + expected + " bytes");
        }
        return expected;
    }
}
