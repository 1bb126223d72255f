package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * A gateway whose S3 port another process holds: readiness never claims it serves, the stack script does
 * not say ready, and once the port is free Liberty takes it and the gateway serves (docs/adr/0031). The
 * port is held on 127.0.0.2 while the gateway binds every address: the scripts' own check (a connection to
 * 127.0.0.1) misses it, as it would miss a port taken between the check and Liberty's bind.
 */
class ListenerReadinessIT {

    private static final int SHIFT = 80;
    private static final Duration START = Duration.ofMinutes(4);
    private static final Map<String, String> EVERY_ADDRESS = Map.of("PGVS3_S3_HOST", "*", "PGVS3_ALLOW_PLAINTEXT",
            "true", "PGVS3_STACK_READY_TIMEOUT", "20");

    private final StackScript script = new StackScript("stack-listener", SHIFT, 1, EVERY_ADDRESS);

    @AfterEach
    void stop() throws Exception {
        script.down();
    }

    @Test
    void withoutRetriesReadinessNamesTheUnboundS3ListenerAndTheRespListenerRetries() throws Exception {
        script.reset();
        Map<String, String> env = new HashMap<>(EVERY_ADDRESS);
        env.put("PGVS3_LISTEN_RETRIES", "0");
        env.put("PGVS3_RESP_HOST", "0.0.0.0");
        StackScript noRetries = new StackScript("stack-listener", SHIFT, 1, env);
        int s3Port = script.port(28014);
        int respPort = script.port(26380);
        try (ServerSocket s3Holder = hold(s3Port)) {
            StackScript.Outcome up;
            try (ServerSocket respHolder = hold(respPort)) {
                up = noRetries.attempt(600, "up", "--gateways", "1");
                HttpResponse<String> ready = Probe.await(readiness(), r -> r.body().contains("\"s3Listener\":false")
                        && r.body().contains("cannot listen on 0.0.0.0:" + respPort), START,
                        "readiness names the S3 and the RESP listener");
                assertEquals(503, ready.statusCode());
                assertTrue(ready.body().contains("the S3 listener *:" + s3Port + " is not bound by this gateway"),
                        ready.body());
            }
            assertNotEquals(0, up.exitCode(), up.stderr());
            assertTrue(up.stderr().contains("gateway 1 is not ready"), up.stderr());
            assertFalse(up.stderr().contains("stack up"), up.stderr());
            // the RESP listener takes its port once it is free; S3, without retries, stays unbound
            HttpResponse<String> ready = Probe.await(readiness(), r -> !r.body().contains("cannot listen on"), START,
                    "the RESP listener opens once its port is free");
            assertEquals(503, ready.statusCode());
            assertTrue(ready.body().contains("\"s3Listener\":false"), ready.body());
        }
    }

    @Test
    void onceThePortIsFreeTheGatewayTakesItAndServes() throws Exception {
        script.reset();
        int s3Port = script.port(28014);
        try (ServerSocket holder = hold(s3Port)) {
            StackScript.Outcome up = script.attempt(600, "up", "--gateways", "1");
            assertNotEquals(0, up.exitCode(), up.stderr());
            assertTrue(up.stderr().contains("gateway 1 is not ready"), up.stderr());
            assertFalse(up.stderr().contains("stack up"), up.stderr());
        }
        HttpResponse<String> ready = Probe.await(readiness(), r -> r.statusCode() == 200, START,
                "readiness is up once the port is free");
        assertTrue(ready.body().contains("\"s3Listener\":true"), ready.body());
        script.up(); // the gateway runs already: returns at once with its settings
        try (S3Client s3 = Clients.s3(URI.create("http://127.0.0.1:" + s3Port), script.get("PGVS3_ACCESS_KEY"),
                script.get("PGVS3_SECRET_KEY"), ApacheHttpClient.builder())) {
            String bucket = Clients.bucket("listener");
            s3.createBucket(b -> b.bucket(bucket));
            assertTrue(s3.listBuckets().buckets().stream().anyMatch(b -> b.name().equals(bucket)));
        }
    }

    private URI readiness() {
        return URI.create("http://127.0.0.1:" + script.port(29080) + "/health/ready");
    }

    private static ServerSocket hold(int port) throws Exception {
        ServerSocket holder = new ServerSocket();
        holder.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.2"), port));
        return holder;
    }

}
