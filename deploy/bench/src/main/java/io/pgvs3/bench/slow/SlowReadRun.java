package io.pgvs3.bench.slow;

import io.pgvs3.bench.cases.Bucket;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.S3Client;
import io.pgvs3.bench.report.SlowReadResult;
import io.pgvs3.bench.targets.S3Target;
import io.pgvs3.bench.targets.SqlTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;

/**
 * Issue 8's slow-download target: while one client reads a large object at a trickle, VACUUM of an
 * unrelated table still removes the dead tuples it finds (the download holds no snapshot), and other
 * clients' GETs and PUTs on the same gateway get no 503 (the download holds no shared permit). Also
 * reports the read pins the download holds and how soon they go once the client does.
 */
public final class SlowReadRun {
    private static final Logger LOG = Logger.getLogger(SlowReadRun.class.getName());
    private static final String KEY = "slowread/object";
    /** Far more than the kernel's socket buffers hold, so the gateway waits on the client all along. */
    public static final long OBJECT_BYTES = 64L << 20;
    private static final long PROBE_EVERY_NANOS = TimeUnit.SECONDS.toNanos(10);
    /** How long to wait for the pins to go after the client closed: the write timeout (60 s) and a margin. */
    private static final long PIN_WAIT_NANOS = TimeUnit.SECONDS.toNanos(90);

    private final S3Target gateway;
    private final SqlTarget database;
    private final long bytesPerSecond;
    private final long seconds;

    public SlowReadRun(S3Target gateway, SqlTarget database, long bytesPerSecond, long seconds) {
        if (database == null) {
            throw new IllegalArgumentException("the slow-download run needs the gateway's database");
        }
        this.gateway = gateway;
        this.database = database;
        this.bytesPerSecond = bytesPerSecond;
        this.seconds = seconds;
    }

    public SlowReadResult run(Path ndjson) throws Exception {
        String run = Instant.now().truncatedTo(ChronoUnit.SECONDS).toString();
        Bucket.FIXTURE.establish(gateway);
        byte[] head;
        try (S3Client client = new S3Client(gateway.endpoint())) {
            RandomBody body = new RandomBody(OBJECT_BYTES, 5);
            HttpResponse response = new HttpResponse().captureBody();
            client.put(KEY, body, body.sha256Hex(), response);
            if (!response.ok()) {
                throw new IOException("PUT " + KEY + ": status " + response.status() + ": " + response.body());
            }
            OtherClients.prefill(client);
            head = client.getHead(KEY);
        }
        SlowReadResult result;
        try (DatabaseChecks db = new DatabaseChecks(database)) {
            long pinsBefore = db.readPins();
            SlowReader reader = new SlowReader(gateway.endpoint().host(), gateway.endpoint().port(), head,
                    bytesPerSecond, seconds);
            OtherClients others = new OtherClients(gateway.endpoint());
            Thread readerThread = new Thread(reader, "slow-reader");
            Thread othersThread = new Thread(others, "other-clients");
            readerThread.start();
            othersThread.start();
            int probes = 0;
            long notRemovableMax = 0;
            long pinsDuring = 0;
            long nextProbe = System.nanoTime() + PROBE_EVERY_NANOS;
            while (readerThread.isAlive()) {
                readerThread.join(Math.max(1, TimeUnit.NANOSECONDS.toMillis(nextProbe - System.nanoTime())));
                if (readerThread.isAlive()) {
                    pinsDuring = Math.max(pinsDuring, db.readPins() - pinsBefore);
                    long left = db.deadTuplesNotRemovable();
                    probes++;
                    notRemovableMax = Math.max(notRemovableMax, left);
                    LOG.info("VACUUM probe " + probes + ": " + left + " of 1000 dead tuples not removable");
                    nextProbe += PROBE_EVERY_NANOS;
                }
            }
            others.stop();
            othersThread.join();
            double released = pinsReleased(db, pinsBefore);
            SlowReader.Outcome read = reader.outcome();
            OtherClients.Tally tally = others.tally();
            result = new SlowReadResult(run, gateway.build(), OBJECT_BYTES, bytesPerSecond, read.statusLine(),
                    read.bytesRead(), read.seconds(), read.endedBy(), probes, notRemovableMax, pinsDuring,
                    db.readPins() - pinsBefore, released, tally.ok(), tally.unavailable(), tally.otherFailures(),
                    tally.slowestMs());
        }
        LOG.info(result::toJson);
        Files.createDirectories(ndjson.toAbsolutePath().getParent());
        Files.writeString(ndjson, result.toJson() + "\n");
        return result;
    }

    /** Seconds until the pins are back to {@code before}, polled every 100 ms; -1 if not within the wait. */
    private static double pinsReleased(DatabaseChecks db, long before) throws Exception {
        long started = System.nanoTime();
        while (db.readPins() > before) {
            if (System.nanoTime() - started > PIN_WAIT_NANOS) {
                return -1;
            }
            TimeUnit.MILLISECONDS.sleep(100);
        }
        return (System.nanoTime() - started) / 1e9;
    }
}
