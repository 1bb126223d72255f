package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** What one gateway's /metrics says after known traffic: every count is a difference of two scrapes. */
@ExtendWith(Stack.class)
class MetricsIT {

    private static final String BUCKET = Clients.bucket("metrics");
    private static S3Client s3;

    @BeforeAll
    static void createBucket() {
        s3 = Clients.s3(0);
        s3.createBucket(b -> b.bucket(BUCKET));
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @Test
    void requestsBytesAndStorageAreCountedPerOperation() throws Exception {
        int small = 1000;
        int large = 3 * 1024 * 1024 + 5;
        Scrape before = Scrape.of(Stack.adminEndpoint(0));
        s3.putObject(b -> b.bucket(BUCKET).key("small"), RequestBody.fromBytes(Bodies.bytes(small, 1)));
        s3.putObject(b -> b.bucket(BUCKET).key("large"), RequestBody.fromBytes(Bodies.bytes(large, 2)));
        try (InputStream in = s3.getObject(b -> b.bucket(BUCKET).key("large"))) {
            assertEquals(Bodies.md5(Bodies.bytes(large, 2)), Bodies.md5(in));
        }
        assertThrows(S3Exception.class, () -> s3.headObject(b -> b.bucket(BUCKET).key("missing")));
        // an async GET is recorded when its response completes, which may be just after the client has it all
        Scrape after = Scrape.awaitChange(Stack.adminEndpoint(0), before, "pgvs3_requests_total", "operation=GetObject");

        assertEquals(2, delta(before, after, "pgvs3_requests_total", "operation=PutObject", "status=200"));
        assertEquals(1, delta(before, after, "pgvs3_requests_total", "operation=GetObject", "status=200"));
        assertEquals(1, delta(before, after, "pgvs3_requests_total", "operation=HeadObject", "status=404"));
        assertEquals(1, delta(before, after, "pgvs3_errors_total", "operation=HeadObject", "code=NoSuchKey"));
        assertEquals(1, delta(before, after, "pgvs3_objects_written_total", "storage=inline"));
        assertEquals(1, delta(before, after, "pgvs3_objects_written_total", "storage=chunked"));
        // the streamed GET body is counted when its last byte is written, not from Content-Length
        assertEquals(large, delta(before, after, "pgvs3_sent_bytes_total", "operation=GetObject"));
        double received = delta(before, after, "pgvs3_received_bytes_total", "operation=PutObject");
        assertTrue(received >= small + large, "PUT bodies read: " + received);
        assertEquals(1, delta(before, after, "pgvs3_request_duration_seconds_count", "operation=GetObject"));
        assertTrue(after.has("pgvs3_request_duration_seconds_bucket", "operation=GetObject", "le=0.1"));
        assertTrue(after.has("pgvs3_request_duration_seconds", "operation=GetObject", "quantile=0.99"));
        assertTrue(after.value("pgvs3_streams_limit") >= 1);
        assertEquals(0, after.value("pgvs3_streams_active"));
    }

    @Test
    void refusalsBeforeTheHandlerCarryTheirOperation() throws Exception {
        Scrape before = Scrape.of(Stack.adminEndpoint(0));
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(Stack.s3Endpoint(0) + "/" + BUCKET + "/unsigned")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(403, response.statusCode());
        Scrape after = Scrape.of(Stack.adminEndpoint(0));
        assertEquals(1, delta(before, after, "pgvs3_requests_total", "operation=GetObject", "status=403"));
        assertEquals(1, delta(before, after, "pgvs3_errors_total", "operation=GetObject", "code=AccessDenied"));
    }

    @Test
    void applicationMetricsAreNamedPgvs3AndBothPoolsArePublished() throws Exception {
        Scrape scrape = Scrape.of(Stack.adminEndpoint(0));
        assertTrue(scrape.names().stream().filter(n -> n.startsWith("pgvs3_")).count() >= 6, scrape.toString());
        for (String pool : new String[] {"jdbc_pgvs3_main", "jdbc_pgvs3_chunk"}) {
            assertTrue(scrape.has("connectionpool_managedConnections", "datasource=" + pool, "mp_scope=vendor"), pool);
            assertTrue(scrape.has("connectionpool_waitTime_total_seconds", "datasource=" + pool), pool);
            assertTrue(scrape.has("connectionpool_queuedRequests_total", "datasource=" + pool), pool);
        }
        // the runbooks read the executor's threads (docs/operations.md)
        assertTrue(scrape.names().contains("threadpool_activeThreads"), scrape.toString());
    }

    @Test
    void maintenanceCountersArePublished() throws Exception {
        Scrape scrape = Scrape.of(Stack.adminEndpoint(1));
        for (String name : new String[] {"pgvs3_maintenance_leader", "pgvs3_maintenance_ticks_total",
            "pgvs3_reap_rows_total", "pgvs3_reap_pinned_skips_total", "pgvs3_uploads_expired_total",
            "pgvs3_maintenance_last_tick_timestamp_seconds"}) {
            assertTrue(scrape.names().contains(name), name + " missing:\n" + scrape);
        }
        // the e2e stack ticks every second, so this gateway has ticked since it started
        assertTrue(scrape.value("pgvs3_maintenance_ticks_total") > 0, scrape.toString());
    }

    private static double delta(Scrape before, Scrape after, String name, String... labels) throws IOException {
        return after.value(name, labels) - before.value(name, labels);
    }
}
