package io.pgvs3.bench.origin;

import io.pgvs3.bench.http.Credentials;
import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.http.SigV4Signer;
import io.pgvs3.bench.sol.ByteSize;
import io.pgvs3.delayline.DelayLine;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The origin benchmark (issue 20): S3Proxy behind a {@link DelayLine} (latency each way, a bandwidth cap
 * per connection) is the origin of an origin-backed bucket of the gateway. For each size, in alternating
 * trials: a PUT and a GET straight to the origin through the delay line, the gateway's cold GET (one fill),
 * its warm GET, its write-back PUT (acknowledged before the origin has it; the drain is awaited
 * before the next trial, so background uploads never share the line with a timed call), and the same PUT
 * into a native bucket of the gateway (what the acknowledgement costs without an origin). Large PUTs and
 * GETs are warmed up first, unmeasured. Then 4 KiB warm
 * GETs and write-through PUTs at 1 and 16 workers, each against the same calls on a native bucket.
 * Medians are reported with the ratios the issue sets targets for.
 */
public final class OriginBench {

    private static final Logger LOG = Logger.getLogger(OriginBench.class.getName());
    private static final String BUCKET = "origin-bench";
    private static final String NATIVE = "native-bench";
    private static final HttpClient ADMIN = HttpClient.newHttpClient();
    private static final int WARM_UP_CALLS = 24;

    /** Where everything is and what to measure. */
    public record Settings(String gateway, String admin, Credentials gatewayCredentials, String peer,
                           Credentials peerCredentials, String credentialSet, List<Long> sizes, int trials,
                           Duration latency, long bytesPerSecond, Duration smallWindow, Path out, Path md) {
    }

    private final Settings settings;
    private final Map<String, List<Double>> samples = new LinkedHashMap<>();

    public OriginBench(Settings settings) {
        this.settings = settings;
    }

    public void run() throws Exception {
        URI peer = URI.create(settings.peer());
        try (DelayLine line = new DelayLine(new InetSocketAddress(peer.getHost(), peer.getPort()), settings.latency(),
                settings.bytesPerSecond())) {
            String delayed = "http://127.0.0.1:" + line.port();
            try (S3Client direct = new S3Client(Endpoint.of(delayed, BUCKET, settings.peerCredentials()))) {
                time(direct::createBucket);
            }
            declare(delayed);
            createNativeBucket();
            warmUpLargeCalls();
            for (long size : settings.sizes()) {
                for (int t = 0; t < settings.trials(); t++) {
                    // clients of their own per trial: a connection left idle through a long fill or drain
                    // (1 GiB) outlives the servers' keep-alive timeouts and would fail the next trial
                    try (S3Client direct = new S3Client(Endpoint.of(delayed, BUCKET, settings.peerCredentials()));
                         S3Client gateway = new S3Client(Endpoint.of(settings.gateway(), BUCKET,
                                 settings.gatewayCredentials()));
                         S3Client nativeBucket = new S3Client(Endpoint.of(settings.gateway(), NATIVE,
                                 settings.gatewayCredentials()))) {
                        large(direct, gateway, nativeBucket, size, t);
                    }
                }
            }
            small();
        }
        write();
    }

    private void createNativeBucket() throws IOException {
        try (S3Client nativeClient = new S3Client(Endpoint.of(settings.gateway(), NATIVE, settings.gatewayCredentials()))) {
            time(nativeClient::createBucket);
        }
    }

    /**
     * Unmeasured: 8 MiB PUTs and GETs on the native bucket until the gateway's compiler has seen the large
     * write and read paths (digests, framing, COPY; the read window) as often as a serving gateway has, so
     * the first trials' acknowledgements and warm reads are not a measure of the JIT.
     */
    private void warmUpLargeCalls() throws IOException {
        RandomBody body = new RandomBody(8L << 20, 5);
        try (S3Client nativeClient = new S3Client(Endpoint.of(settings.gateway(), NATIVE, settings.gatewayCredentials()))) {
            for (int i = 0; i < WARM_UP_CALLS; i++) {
                time(r -> nativeClient.put("warm-up", body, SigV4Signer.UNSIGNED_PAYLOAD, r));
                time(r -> nativeClient.get("warm-up", null, r));
            }
        }
    }

    private void large(S3Client direct, S3Client gateway, S3Client nativeBucket, long size, int trial) throws Exception {
        String label = ByteSize.label(size);
        RandomBody body = new RandomBody(size, 31L * size + trial);
        String key = "large-" + label + "-" + trial;
        record("direct-put-" + label, time(r -> direct.put(key, body, SigV4Signer.UNSIGNED_PAYLOAD, r)));
        record("direct-get-" + label, time(r -> direct.get(key, null, r)));
        record("cold-get-" + label, time(r -> gateway.get(key, null, r)));
        List<Double> warm = new ArrayList<>();
        for (int i = 0; i < 3; i++) {
            warm.add(time(r -> gateway.get(key, null, r)));
        }
        record("warm-get-" + label, median(warm));
        String written = "writeback-" + label + "-" + trial;
        record("writeback-ack-" + label, time(r -> gateway.put(written, body, SigV4Signer.UNSIGNED_PAYLOAD, r)));
        long drainStart = System.nanoTime();
        awaitDrained();
        record("writeback-drained-" + label, (System.nanoTime() - drainStart) / 1e6);
        // the same body into a native bucket of the same gateway: what the acknowledgement would cost
        // without an origin (the drain is over, so nothing shares the gateway)
        record("native-put-" + label, time(r -> nativeBucket.put(written, body, SigV4Signer.UNSIGNED_PAYLOAD, r)));
        LOG.info(() -> String.format(Locale.ROOT, "%s trial %d: direct GET %.0f ms, cold %.0f ms, warm %.0f ms;"
                        + " direct PUT %.0f ms, write-back ack %.0f ms, native PUT %.0f ms", label, trial + 1,
                last("direct-get-" + label), last("cold-get-" + label), last("warm-get-" + label),
                last("direct-put-" + label), last("writeback-ack-" + label), last("native-put-" + label)));
    }

    /** 4 KiB calls, alternating the origin-backed and the native bucket, at 1 and 16 workers. */
    private void small() throws Exception {
        RandomBody body = new RandomBody(4096, 7);
        int keys = 64;
        for (String bucket : List.of(BUCKET, NATIVE)) {
            try (S3Client client = new S3Client(Endpoint.of(settings.gateway(), bucket, settings.gatewayCredentials()))) {
                for (int k = 0; k < keys; k++) {
                    String key = "small-" + k;
                    time(r -> client.put(key, body, SigV4Signer.UNSIGNED_PAYLOAD, r));
                }
            }
        }
        // unmeasured: the gateway's compiler settles on both paths before the first trial
        for (String bucket : List.of(BUCKET, NATIVE)) {
            rate(bucket, 4, (client, i, r) -> client.get("small-" + (i % keys), null, r));
        }
        for (int workers : new int[] {1, 16}) {
            for (int t = 0; t < settings.trials(); t++) {
                for (String bucket : List.of(BUCKET, NATIVE)) {
                    String kind = bucket.equals(BUCKET) ? "origin" : "native";
                    record("get-4k-w" + workers + "-" + kind, rate(bucket, workers, (client, i, r) ->
                            client.get("small-" + (i % keys), null, r)));
                    record("put-4k-w" + workers + "-" + kind, rate(bucket, workers, (client, i, r) ->
                            client.put("small-" + (i % keys), body, SigV4Signer.UNSIGNED_PAYLOAD, r)));
                }
            }
        }
    }

    private interface Call {
        void run(S3Client client, long i, HttpResponse response) throws IOException;
    }

    /** Requests per second of {@code workers} closed loops over the small window. */
    private double rate(String bucket, int workers, Call call) throws Exception {
        AtomicLong done = new AtomicLong();
        long end = System.nanoTime() + settings.smallWindow().toNanos();
        ExecutorService pool = Executors.newFixedThreadPool(workers);
        try {
            List<Future<?>> loops = new ArrayList<>();
            for (int w = 0; w < workers; w++) {
                int worker = w;
                loops.add(pool.submit(() -> {
                    HttpResponse response = new HttpResponse();
                    try (S3Client client = new S3Client(Endpoint.of(settings.gateway(), bucket,
                            settings.gatewayCredentials()))) {
                        for (long i = worker; System.nanoTime() < end; i += workers) {
                            call.run(client, i, response);
                            check(response);
                            done.incrementAndGet();
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> loop : loops) {
                loop.get();
            }
        } finally {
            pool.shutdownNow();
        }
        return done.get() / (settings.smallWindow().toNanos() / 1e9);
    }

    /** One exchange into the response it is given. */
    private interface Exchange {
        void run(HttpResponse response) throws IOException;
    }

    /** Milliseconds of one exchange, which must succeed. */
    private static double time(Exchange call) throws IOException {
        HttpResponse response = new HttpResponse();
        long start = System.nanoTime();
        call.run(response);
        double ms = (System.nanoTime() - start) / 1e6;
        check(response);
        return ms;
    }

    private static void check(HttpResponse response) {
        if (!response.ok()) {
            throw new IllegalStateException("a call of the origin benchmark answered " + response.status());
        }
    }

    private void record(String name, double value) {
        samples.computeIfAbsent(name, n -> new ArrayList<>()).add(value);
    }

    private double last(String name) {
        List<Double> values = samples.get(name);
        return values.get(values.size() - 1);
    }

    private static double median(List<Double> values) {
        List<Double> sorted = values.stream().sorted().toList();
        int n = sorted.size();
        return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
    }

    private void declare(String delayed) throws Exception {
        String document = String.format(Locale.ROOT, "{\"endpoint\": \"%s\", \"credentials\": \"%s\", \"originBucket\": \"%s\","
                + " \"ttl\": \"PT1H\"}", delayed, settings.credentialSet(), BUCKET);
        int status = admin("PUT", "/admin/origins/" + BUCKET, document).statusCode();
        if (status != 201 && status != 200) {
            throw new IllegalStateException("declaring the origin-backed bucket answered " + status);
        }
    }

    private static final Pattern PENDING = Pattern.compile("\"pendingObjects\":([0-9]+)");

    private void awaitDrained() throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(10).toNanos();
        while (true) {
            Matcher m = PENDING.matcher(admin("GET", "/admin/origins/" + BUCKET, null).body());
            if (m.find() && m.group(1).equals("0")) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("the outbox did not drain within 10 minutes");
            }
            Thread.sleep(20);
        }
    }

    private java.net.http.HttpResponse<String> admin(String method, String path, String body) throws Exception {
        String basic = Base64.getEncoder().encodeToString((settings.gatewayCredentials().accessKey() + ":"
                + settings.gatewayCredentials().secretKey()).getBytes(StandardCharsets.UTF_8));
        HttpRequest request = HttpRequest.newBuilder(URI.create(settings.admin() + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody() : HttpRequest.BodyPublishers.ofString(body))
                .header("Authorization", "Basic " + basic).header("Content-Type", "application/json").build();
        return ADMIN.send(request, java.net.http.HttpResponse.BodyHandlers.ofString());
    }

    private void write() throws IOException {
        try (PrintWriter ndjson = new PrintWriter(Files.newBufferedWriter(settings.out()))) {
            samples.forEach((name, values) -> values.forEach(v -> ndjson.printf(Locale.ROOT,
                    "{\"case\":\"%s\",\"value\":%.3f,\"unit\":\"%s\"}%n", name, v, name.contains("-4k-") ? "req/s" : "ms")));
        }
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "Origin: S3Proxy behind a delay line of %d ms each way and %s/s per connection;"
                + " %d trial(s), medians.%n%n", settings.latency().toMillis(), ByteSize.label(settings.bytesPerSecond()),
                settings.trials()));
        md.append("| size | direct GET ms | cold GET ms | cold ÷ direct | warm GET ms | direct ÷ warm | direct PUT ms |"
                + " write-back ack ms | direct ÷ ack | drained after ms | native PUT ms | native ÷ ack |\n"
                + "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (long size : settings.sizes()) {
            String l = ByteSize.label(size);
            double get = med("direct-get-" + l);
            double cold = med("cold-get-" + l);
            double warm = med("warm-get-" + l);
            double put = med("direct-put-" + l);
            double ack = med("writeback-ack-" + l);
            double nativePut = med("native-put-" + l);
            md.append(String.format(Locale.ROOT,
                    "| %s | %.0f | %.0f | %.2f× | %.1f | %.1f× | %.0f | %.0f | %.1f× | %.0f | %.0f | %.2f× |%n",
                    l, get, cold, cold / get, warm, get / warm, put, ack, put / ack, med("writeback-drained-" + l),
                    nativePut, nativePut / ack));
        }
        md.append("\n| 4 KiB call | origin-backed req/s | native req/s | origin ÷ native |\n|---|---:|---:|---:|\n");
        for (String call : List.of("get-4k-w1", "get-4k-w16", "put-4k-w1", "put-4k-w16")) {
            double origin = med(call + "-origin");
            double nativeRate = med(call + "-native");
            md.append(String.format(Locale.ROOT, "| %s | %.0f | %.0f | %.2f× |%n", call, origin, nativeRate,
                    origin / nativeRate));
        }
        Files.writeString(settings.md(), md.toString());
    }

    private double med(String name) {
        return median(samples.get(name));
    }
}
