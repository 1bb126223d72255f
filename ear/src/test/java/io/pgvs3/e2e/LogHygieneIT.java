package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.MatchResult;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.http.apache.ApacheHttpClient;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * What a gateway logs for client mistakes, on the ops stack (whose access log is on): every request gets
 * one access line, and 4xx answers, signature failures and clients that hang up mid-body leave no
 * WARNING, no SEVERE, no stack trace and no FFDC file behind.
 */
@ExtendWith(OpsStack.class)
class LogHygieneIT {

    /** Liberty's messages.log: [date] thread logger level message. */
    private static final Pattern LEVEL = Pattern.compile("(?m)^\\[[^\\]]+] \\p{XDigit}+ \\S+\\s+([A-Z]) (.*)$");
    private static final int STREAMED = 32 << 20;

    private static Path logs() {
        return OpsStack.script().stateDir().resolve("gw1/servers/pgvs3/logs");
    }

    private static String logSince(long offset) throws IOException {
        String all = Files.readString(logs().resolve("messages.log"));
        return all.substring((int) Math.min(offset, all.length()));
    }

    private static long ffdcFiles() throws IOException {
        Path ffdc = logs().resolve("ffdc");
        if (!Files.isDirectory(ffdc)) {
            return 0;
        }
        try (Stream<Path> files = Files.list(ffdc)) {
            return files.count();
        }
    }

    private static S3Client client(String secretKey) {
        return Clients.s3(OpsStack.s3Endpoint(), OpsStack.accessKey(), secretKey, ApacheHttpClient.builder());
    }

    /** The access line of request {@code id}, waiting for it (a streamed answer is logged when it ends). */
    private static String accessLine(long offset, String id) throws Exception {
        return awaitAccessLines(offset, "request=" + id + " ", 1).get(0);
    }

    /** The access lines since {@code offset} that contain {@code fragment}, waiting until there are {@code count}. */
    private static List<String> awaitAccessLines(long offset, String fragment, int count) throws Exception {
        Pattern access = Pattern.compile("(?m)^.*io\\.pgvs3\\.s3\\.access.*" + Pattern.quote(fragment) + ".*$");
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (true) {
            List<String> lines = access.matcher(logSince(offset)).results().map(MatchResult::group).toList();
            if (lines.size() >= count) {
                return lines;
            }
            assertTrue(System.nanoTime() < deadline, "access lines with " + fragment + ": " + lines);
            Thread.sleep(100);
        }
    }

    @Test
    void clientMistakesAreAnsweredAndLoggedOnceAtInfoWithoutWarningsTracesOrFfdc() throws Exception {
        String bucket = Clients.bucket("loghygiene");
        long offset = Files.size(logs().resolve("messages.log"));
        long ffdcBefore = ffdcFiles();
        String missingKeyId;
        String droppedId;
        try (S3Client s3 = client(OpsStack.secretKey()); S3Client forged = client("not-the-secret")) {
            s3.createBucket(b -> b.bucket(bucket));
            s3.putObject(b -> b.bucket(bucket).key("small"), RequestBody.fromBytes(Bodies.bytes(10, 1)));
            s3.putObject(b -> b.bucket(bucket).key("large"), RequestBody.fromBytes(Bodies.bytes(STREAMED, 2)));

            missingKeyId = assertThrows(S3Exception.class,
                    () -> s3.getObject(b -> b.bucket(bucket).key("missing")).close()).requestId();
            assertEquals(404, assertThrows(S3Exception.class,
                    () -> s3.headBucket(b -> b.bucket(bucket + "-none"))).statusCode());
            assertEquals(403, assertThrows(S3Exception.class,
                    () -> forged.listObjectsV2(b -> b.bucket(bucket))).statusCode());
            assertEquals(416, assertThrows(S3Exception.class,
                    () -> s3.getObject(b -> b.bucket(bucket).key("small").range("bytes=100-200")).close()).statusCode());
            assertEquals(412, assertThrows(S3Exception.class,
                    () -> s3.getObject(b -> b.bucket(bucket).key("small").ifMatch("\"0\"")).close()).statusCode());
            assertEquals(400, RawHttp.exchange(OpsStack.s3Endpoint(),
                    "GET /" + bucket + "?x=%%% HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", new byte[0])
                    .status());

            // a client that hangs up after the first bytes of a streamed body
            ResponseInputStream<GetObjectResponse> in = s3.getObject(b -> b.bucket(bucket).key("large"));
            droppedId = in.response().responseMetadata().requestId();
            assertEquals(64 << 10, in.readNBytes(64 << 10).length);
            in.abort();
        }

        String missing = accessLine(offset, missingKeyId);
        assertTrue(missing.contains(" op=GetObject bucket=" + bucket + " status=404 error=NoSuchKey "), missing);
        String dropped = accessLine(offset, droppedId);
        assertTrue(dropped.contains(" op=GetObject bucket=" + bucket + " status=200 "), dropped);
        long sent = Long.parseLong(dropped.replaceAll(".* out=(\\d+) .*", "$1"));
        assertTrue(sent < STREAMED, "the body was cut short: " + dropped);
        assertTrue(dropped.contains(" client=127.0.0.1"), dropped);

        String logged = logSince(offset);
        List<String> loud = LEVEL.matcher(logged).results().filter(m -> !m.group(1).equals("I") && !m.group(1).equals("A"))
                .map(m -> m.group()).toList();
        assertEquals(List.of(), loud, "nothing above INFO for client mistakes");
        assertTrue(!logged.contains("\tat "), "no stack trace: " + logged);
        assertTrue(!logged.contains("Failing row contains"), "no row values from PostgreSQL");
        assertEquals(ffdcBefore, ffdcFiles(), "no FFDC file");
    }

    /**
     * Liberty keeps a failed body read and throws it again when the request ends, where it wrote an FFDC file
     * of ~47 KB for every upload a client cut short or let stall (issue 21); the application now has the runtime
     * forget the failure once it has seen it.
     */
    @Test
    void uploadsCutShortOrStalledLeaveNoFfdcFile() throws Exception {
        String bucket = Clients.bucket("cutshort");
        URI endpoint = OpsStack.s3Endpoint();
        long offset = Files.size(logs().resolve("messages.log"));
        long ffdcBefore = ffdcFiles();
        try (S3Client s3 = client(OpsStack.secretKey())) {
            s3.createBucket(b -> b.bucket(bucket));
        }
        int declared = 1 << 20;
        rawPut(endpoint, bucket, "hung-up", declared).sendAndHangUp(endpoint, new byte[declared / 4]);
        long started = System.nanoTime();
        RawHttp.Response stalled = rawPut(endpoint, bucket, "stalled", declared).send(endpoint, new byte[declared / 4]);
        assertEquals(400, stalled.status(), stalled.body());
        assertTrue(stalled.body().contains("<Code>IncompleteBody</Code>"), stalled.body());
        assertTrue(System.nanoTime() - started >= OpsStack.READ_TIMEOUT_SECONDS * 1_000_000_000L,
                "answered once the read timed out");

        List<String> answered = awaitAccessLines(offset, " op=PutObject bucket=" + bucket + " ", 2);
        assertTrue(answered.stream().allMatch(line -> line.contains(" status=400 error=IncompleteBody ")),
                answered.toString());
        String logged = logSince(offset);
        assertTrue(!logged.contains("FFDC1015I") && !logged.contains("\tat "), logged);
        assertEquals(ffdcBefore, ffdcFiles(), "no FFDC file");
    }

    private static SignedRawRequest rawPut(URI endpoint, String bucket, String key, int declared) throws Exception {
        return SignedRawRequest.put(endpoint, "/" + bucket + "/" + key, declared, OpsStack.accessKey(),
                OpsStack.secretKey());
    }
}
