package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.security.MessageDigest;
import java.util.Base64;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.ResponseBytes;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * What the S3 port's JAX-RS front door must never add to S3 (docs/adr/0048): content negotiation (S3
 * takes any Content-Type and Accept, malformed ones included, and answers neither 406 nor 415), form
 * parsing of a POST body, a charset or type of the runtime's choosing, or an HTML answer for a method no
 * resource declares.
 */
@ExtendWith(Stack.class)
class FrontDoorIT {

    private static final String BUCKET = "front-door";
    private static URI endpoint;

    @BeforeAll
    static void bucket() {
        endpoint = URI.create(Stack.s3Endpoint(0));
        try (S3Client s3 = Clients.s3(0)) {
            s3.createBucket(b -> b.bucket(BUCKET));
        }
    }

    private static RawHttp.Response put(String key, byte[] body, Map<String, String> headers) throws Exception {
        return SignedRawRequest.of("PUT", endpoint, "/" + BUCKET + "/" + key, "", body.length,
                SignedRawRequest.sha256Hex(body), headers).send(endpoint, body);
    }

    private static ResponseBytes<GetObjectResponse> get(String key) {
        try (S3Client s3 = Clients.s3(0)) {
            return s3.getObjectAsBytes(b -> b.bucket(BUCKET).key(key));
        }
    }

    private static String md5(byte[] body) throws Exception {
        return Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(body));
    }

    @Test
    void anyContentTypeIsStoredAndAnsweredVerbatim() throws Exception {
        for (String type : new String[] {";;;not a media type", "text/plain", "Text/Plain; Charset=UTF-8", "application/xml",
                "application/x-www-form-urlencoded", "*/*", "text"}) {
            byte[] body = ("a=1&b=" + type).getBytes(StandardCharsets.UTF_8);
            String key = "typed-" + Integer.toHexString(type.hashCode());
            RawHttp.Response answer = put(key, body, Map.of("content-type", type));
            assertEquals(200, answer.status(), type + ": " + answer.body());
            ResponseBytes<GetObjectResponse> got = get(key);
            assertArrayEquals(body, got.asByteArray(), "the body of a " + type + " PUT is never parsed as a form");
            assertEquals(type, got.response().contentType(), "no charset or type of the runtime's choosing");
        }
    }

    @Test
    void anyAcceptIsServed() throws Exception {
        byte[] body = "accepted".getBytes(StandardCharsets.UTF_8);
        assertEquals(200, put("accept", body, Map.of()).status());
        for (String accept : new String[] {"///", "text/html", "application/json;q=x", "*/*"}) {
            RawHttp.Response answer = SignedRawRequest.of("GET", endpoint, "/" + BUCKET + "/accept", "", 0,
                    SignedRawRequest.sha256Hex(new byte[0]), Map.of("accept", accept)).send(endpoint, new byte[0]);
            assertEquals(200, answer.status(), accept + ": " + answer.body());
            assertEquals("accepted", answer.body());
            assertEquals("application/octet-stream", answer.headers().get("content-type"));
        }
    }

    @Test
    void deleteObjectsReadsItsXmlWhateverTheDeclaredType() throws Exception {
        assertEquals(200, put("doomed", new byte[] {1}, Map.of()).status());
        byte[] xml = ("<Delete><Object><Key>doomed</Key></Object></Delete>").getBytes(StandardCharsets.UTF_8);
        RawHttp.Response answer = SignedRawRequest.of("POST", endpoint, "/" + BUCKET, "delete=", xml.length,
                SignedRawRequest.sha256Hex(xml), Map.of("content-type", "application/x-www-form-urlencoded",
                        "content-md5", md5(xml))).send(endpoint, xml);
        assertEquals(200, answer.status(), answer.body());
        assertTrue(answer.body().contains("<Deleted><Key>doomed</Key>"), answer.body());
    }

    @Test
    void aMethodNoResourceDeclaresIsS3sMethodNotAllowed() throws Exception {
        RawHttp.Response answer = SignedRawRequest.of("PROPFIND", endpoint, "/" + BUCKET + "/k", "", 0,
                SignedRawRequest.sha256Hex(new byte[0]), Map.of()).send(endpoint, new byte[0]);
        assertEquals(405, answer.status(), answer.body());
        assertEquals("application/xml", answer.headers().get("content-type"));
        assertTrue(answer.body().contains("<Code>MethodNotAllowed</Code>"), answer.body());
        assertFalse(answer.headers().containsKey("allow") && answer.body().contains("<html"), answer.toString());
    }
}
