package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.http.HttpResponse;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** {@code GET /admin/stat} on the management port: only with the gateway's credentials, and right. */
@ExtendWith(Stack.class)
class AdminStatIT {

    @Test
    void statAnswersOnlyWithTheGatewaysCredentials() throws Exception {
        String admin = Stack.adminEndpoint(0);
        HttpResponse<String> none = Admin.get(admin, "/admin/stat", "application/json", null, null);
        assertEquals(401, none.statusCode());
        assertTrue(none.headers().firstValue("WWW-Authenticate").orElse("").startsWith("Basic "), none.headers().toString());
        assertEquals(401, Admin.get(admin, "/admin/stat", "application/json", Stack.accessKey(), Stack.secretKey() + "x")
                .statusCode());
        assertEquals(401, Admin.get(admin, "/admin/stat", "application/json", "someone", Stack.secretKey()).statusCode());
        assertEquals(200, Admin.get(admin, "/admin/stat", "application/json", Stack.accessKey(), Stack.secretKey())
                .statusCode());
        HttpResponse<String> onS3Port = Admin.get(Stack.s3Endpoint(0), "/admin/stat", "application/json",
                Stack.accessKey(), Stack.secretKey());
        assertNotEquals(200, onS3Port.statusCode(), "the S3 port has no admin endpoints: " + onS3Port.body());
    }

    @Test
    void statReportsEachBucketsObjectsBytesAndUploads() throws Exception {
        String bucket = Clients.bucket("stat");
        try (S3Client s3 = Clients.s3(0)) {
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("small"), RequestBody.fromBytes(Bodies.bytes(100, 1)));
            s3.putObject(b -> b.bucket(bucket).key("medium"), RequestBody.fromBytes(Bodies.bytes(200, 2)));
            s3.putObject(b -> b.bucket(bucket).key("large"), RequestBody.fromBytes(Bodies.bytes(200_000, 3)));
        }
        String json = Admin.stat(1);
        assertTrue(json.startsWith("{\"takenAt\":"), json);
        String ns = Admin.namespace(json, bucket);
        assertEquals(3, Admin.number(ns, "objects"), ns);
        assertEquals(200_300, Admin.number(ns, "logicalBytes"), ns);
        assertTrue(Admin.number(ns, "physicalBytes") > 200_000, ns);
        assertEquals(0, Admin.number(ns, "incompleteUploads"), ns);
        assertTrue(ns.contains("\"kind\":\"bucket\""), ns);
        assertTrue(json.contains("\"maintenance\":{\"enabled\":true"), json);

        HttpResponse<String> table = Admin.get(Stack.adminEndpoint(1), "/admin/stat", "text/plain",
                Stack.accessKey(), Stack.secretKey());
        assertEquals(200, table.statusCode());
        assertTrue(table.body().contains("NAMESPACE") && table.body().contains(bucket), table.body());

        String fromScript = Stack.command("stat");
        assertTrue(fromScript.contains(bucket) && fromScript.contains("maintenance (this gateway)"), fromScript);
    }
}
