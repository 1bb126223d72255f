package io.pgvs3.bench.sol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.bench.http.Credentials;
import io.pgvs3.bench.http.Endpoint;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.http.S3Client;
import org.junit.jupiter.api.Test;

/** The HTTP floor through the harness's own client: a streamed PUT, the whole GET and a range, on one connection. */
class HttpFloorServerTest {
    @Test
    void movesEveryByteOnOneKeepAliveConnection() throws Exception {
        try (HttpFloorServer server = new HttpFloorServer();
             S3Client client = new S3Client(new Endpoint("127.0.0.1", server.port(), "b",
                     new Credentials("AK", "SK", "us-east-1")))) {
            RandomBody body = new RandomBody(3_000_000, 1);
            HttpResponse response = new HttpResponse();
            client.get("k", null, response);
            assertEquals(404, response.status());
            client.put("k", body, body.sha256Hex(), response);
            assertEquals(200, response.status());
            client.get("k", null, response);
            assertEquals(200, response.status());
            assertEquals(body.length(), response.bodyBytes());
            client.get("k", "bytes=1000-1999", response);
            assertEquals(206, response.status());
            assertEquals(1000, response.bodyBytes());
            assertEquals(1, client.connects());
        }
    }
}
