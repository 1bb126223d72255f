package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.extension.RegisterExtension;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.model.DeleteObjectsResponse;
import software.amazon.awssdk.services.s3.model.DeletedObject;
import software.amazon.awssdk.services.s3.model.ObjectIdentifier;
import software.amazon.awssdk.services.s3.model.S3Error;
import software.amazon.awssdk.services.s3.model.S3Exception;

/** DeleteObjects with the SDK's default checksum, quiet mode, per-key errors, limits and the required checksum. */
@ExtendWith(Stack.class)
class DeleteObjectsIT {

    @RegisterExtension
    static final TwoGateways GATEWAYS = new TwoGateways("batch-delete");
    private static final String BUCKET = GATEWAYS.bucket();

    private static String put(String key) {
        return GATEWAYS.first().putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromString(key)).eTag();
    }

    @Test
    void verboseAndQuietWithPerKeyErrors() {
        put("a");
        put("b & <b>");
        String c = put("c");
        DeleteObjectsResponse verbose = GATEWAYS.second().deleteObjects(b -> b.bucket(BUCKET).delete(d -> d.objects(
                ObjectIdentifier.builder().key("a").build(),
                ObjectIdentifier.builder().key("b & <b>").build(),
                ObjectIdentifier.builder().key("never-existed").build(),
                ObjectIdentifier.builder().key("c").eTag("\"ffffffffffffffffffffffffffffffff\"").build(),
                ObjectIdentifier.builder().key("gone").eTag(c).build(),
                ObjectIdentifier.builder().key("versioned").versionId("3HL4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY").build())));
        assertEquals(List.of("a", "b & <b>", "never-existed"),
                verbose.deleted().stream().map(DeletedObject::key).collect(Collectors.toList()));
        Map<String, String> errors = verbose.errors().stream().collect(Collectors.toMap(S3Error::key, S3Error::code));
        assertEquals(Map.of("c", "PreconditionFailed", "gone", "NoSuchKey", "versioned", "NoSuchVersion"), errors);
        assertEquals("c", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("c")).asUtf8String());

        put("q1");
        DeleteObjectsResponse quiet = GATEWAYS.second().deleteObjects(b -> b.bucket(BUCKET).delete(d -> d.quiet(true).objects(
                ObjectIdentifier.builder().key("q1").build(),
                ObjectIdentifier.builder().key("c").eTag(c).build(),
                ObjectIdentifier.builder().key("q2").eTag("\"0\"").build())));
        assertTrue(quiet.deleted().isEmpty(), "quiet mode reports no deletions");
        assertEquals(List.of("q2"), quiet.errors().stream().map(S3Error::key).collect(Collectors.toList()));
        assertEquals(0, GATEWAYS.second().listObjectsV2(b -> b.bucket(BUCKET)).keyCount());
    }

    @Test
    void aThousandKeysAtOnceAndNoMore() {
        List<ObjectIdentifier> keys = new ArrayList<>();
        for (int i = 0; i < 1001; i++) {
            keys.add(ObjectIdentifier.builder().key("many/" + i).build());
        }
        for (int i = 0; i < 1000; i += 100) {
            put("many/" + i);
        }
        S3Exception tooMany = assertThrows(S3Exception.class,
                () -> GATEWAYS.second().deleteObjects(b -> b.bucket(BUCKET).delete(d -> d.objects(keys))));
        assertEquals(400, tooMany.statusCode());
        assertEquals("MalformedXML", tooMany.awsErrorDetails().errorCode());
        DeleteObjectsResponse all = GATEWAYS.second().deleteObjects(b -> b.bucket(BUCKET).delete(d -> d.objects(keys.subList(0, 1000))));
        assertEquals(1000, all.deleted().size());
        assertEquals(0, GATEWAYS.second().listObjectsV2(b -> b.bucket(BUCKET).prefix("many/")).keyCount());
    }

    @Test
    void aChecksumIsRequiredAndVerified() throws Exception {
        put("raw");
        byte[] body = "<Delete><Object><Key>raw</Key></Object></Delete>".getBytes(StandardCharsets.UTF_8);
        RawHttp.Response missing = post(body, Map.of());
        assertEquals(400, missing.status());
        assertTrue(missing.body().contains("<Code>InvalidRequest</Code>"), missing.body());
        assertTrue(missing.body().contains("Missing required header for this request: Content-MD5 OR x-amz-checksum-*"),
                missing.body());

        RawHttp.Response wrong = post(body, Map.of("content-md5", md5(new byte[0])));
        assertEquals(400, wrong.status());
        assertTrue(wrong.body().contains("<Code>BadDigest</Code>"), wrong.body());
        assertEquals("raw", GATEWAYS.second().getObjectAsBytes(b -> b.bucket(BUCKET).key("raw")).asUtf8String());

        RawHttp.Response ok = post(body, Map.of("content-md5", md5(body)));
        assertEquals(200, ok.status(), ok.body());
        assertTrue(ok.body().contains("<Deleted><Key>raw</Key></Deleted>"), ok.body());
    }

    /** An XXE attempt is MalformedXML: no DTD is ever processed. */
    @Test
    void externalEntitiesAreRefused() throws Exception {
        byte[] body = ("<?xml version=\"1.0\"?><!DOCTYPE Delete [<!ENTITY x SYSTEM \"file:///etc/passwd\">]>"
                + "<Delete><Object><Key>&x;</Key></Object></Delete>").getBytes(StandardCharsets.UTF_8);
        RawHttp.Response response = post(body, Map.of("content-md5", md5(body)));
        assertEquals(400, response.status());
        assertTrue(response.body().contains("<Code>MalformedXML</Code>"), response.body());
        assertTrue(!response.body().contains("root:"), response.body());
    }

    private static RawHttp.Response post(byte[] body, Map<String, String> headers) throws Exception {
        URI endpoint = URI.create(Stack.s3Endpoint(1));
        return SignedRawRequest.of("POST", endpoint, "/" + BUCKET, "delete=", body.length,
                SignedRawRequest.sha256Hex(body), headers).send(endpoint, body);
    }

    private static String md5(byte[] body) throws Exception {
        return Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(body));
    }
}
