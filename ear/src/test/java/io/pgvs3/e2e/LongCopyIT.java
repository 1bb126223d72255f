package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;
import software.amazon.awssdk.services.s3.model.CopyObjectResponse;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.NoSuchUploadException;
import software.amazon.awssdk.services.s3.model.S3Exception;
import software.amazon.awssdk.services.s3.model.UploadPartCopyResponse;

/**
 * Issue 8: a copy that moves bytes for longer than the client's read timeout still succeeds, because the
 * gateway answers 200 early and keeps the connection alive with whitespace; one that fails after that
 * 200 is an error the SDK raises. A copy is made as long as the test needs, deterministically, by holding
 * a lock on the target bucket's chunks table: the copy's {@code INSERT ... SELECT} waits for it after every
 * check has passed, exactly where a multi-GiB copy spends its time.
 */
@ExtendWith(Stack.class)
class LongCopyIT {

    /** Longer than the stack's keep-alive settings ({@link Stack#COPY_KEEPALIVE_AFTER}, interval). */
    private static final Duration READ_TIMEOUT = Duration.ofMillis(1500);
    private static final int SIZE = 24 * 1024 * 1024;
    private static final String SOURCE = Clients.bucket("longcopy-src");
    private static final String TARGET = Clients.bucket("longcopy-dst");
    private static S3Client setup;
    private static S3Client impatient;
    private static byte[] body;

    @BeforeAll
    static void createSource() throws Exception {
        setup = Clients.s3(0);
        impatient = Clients.s3(1, READ_TIMEOUT);
        setup.createBucket(b -> b.bucket(SOURCE));
        setup.createBucket(b -> b.bucket(TARGET));
        body = Bodies.bytes(SIZE, 81);
        setup.putObject(b -> b.bucket(SOURCE).key("big"), RequestBody.fromBytes(body));
    }

    @AfterAll
    static void close() {
        setup.close();
        impatient.close();
    }

    @Test
    void aCopyObjectLongerThanTheClientsReadTimeoutSucceedsByteForByte() throws Exception {
        long started = System.nanoTime();
        CopyObjectResponse copied = whileCopyWaits(READ_TIMEOUT.multipliedBy(2), () -> impatient.copyObject(b -> b
                .sourceBucket(SOURCE).sourceKey("big").destinationBucket(TARGET).destinationKey("copy")));
        assertTrue(System.nanoTime() - started > READ_TIMEOUT.multipliedBy(2).toNanos(), "the copy outlasted the timeout");
        assertEquals("\"" + Bodies.md5(body) + "\"", copied.copyObjectResult().eTag());
        assertEquals(Bodies.md5(body), Bodies.md5(setup.getObject(b -> b.bucket(TARGET).key("copy"))));
    }

    @Test
    void anUploadPartCopyLongerThanTheClientsReadTimeoutSucceedsByteForByte() throws Exception {
        String upload = setup.createMultipartUpload(b -> b.bucket(TARGET).key("assembled")).uploadId();
        UploadPartCopyResponse part = whileCopyWaits(READ_TIMEOUT.multipliedBy(2), () -> impatient.uploadPartCopy(b -> b
                .sourceBucket(SOURCE).sourceKey("big").destinationBucket(TARGET).destinationKey("assembled")
                .uploadId(upload).partNumber(1)));
        assertEquals("\"" + Bodies.md5(body) + "\"", part.copyPartResult().eTag());
        setup.completeMultipartUpload(b -> b.bucket(TARGET).key("assembled").uploadId(upload).multipartUpload(m -> m
                .parts(CompletedPart.builder().partNumber(1).eTag(part.copyPartResult().eTag()).build())));
        assertEquals(Bodies.md5(body), Bodies.md5(setup.getObject(b -> b.bucket(TARGET).key("assembled"))));
    }

    /** The target is written while the copy runs: its If-None-Match: * fails after the 200 went out. */
    @Test
    void aCopyFailingAfterItsEarly200IsAnErrorTheSdkRaises() throws Exception {
        S3Exception e;
        try (Connection lock = lockChunks(TARGET)) {
            CompletableFuture<CopyObjectResponse> copy = CompletableFuture.supplyAsync(() -> impatient.copyObject(b -> b
                    .sourceBucket(SOURCE).sourceKey("big").destinationBucket(TARGET).destinationKey("contested")
                    .overrideConfiguration(o -> o.putHeader("If-None-Match", "*"))));
            awaitCopyWaiting(TARGET, READ_TIMEOUT, copy);
            setup.putObject(b -> b.bucket(TARGET).key("contested"), RequestBody.fromString("written meanwhile"));
            lock.rollback();
            e = assertThrows(S3Exception.class, () -> unwrap(copy));
        }
        assertEquals("PreconditionFailed", e.awsErrorDetails().errorCode(), e.toString());
        assertEquals(200, e.statusCode(), "the error came inside the early 200");
        assertTrue(e.requestId() != null && !e.requestId().isEmpty(), "the Error document names the request");
        assertEquals("written meanwhile", setup.getObjectAsBytes(b -> b.bucket(TARGET).key("contested")).asUtf8String());
    }

    /** What is decided before bytes move keeps its status, however long the copy would have taken. */
    @Test
    void aLongCopyIsRefusedWithItsOwnStatusBeforeAny200() throws Exception {
        setup.putObject(b -> b.bucket(TARGET).key("present"), RequestBody.fromString("here before"));
        try (Connection lock = lockChunks(TARGET)) {
            S3Exception target = assertThrows(S3Exception.class, () -> impatient.copyObject(b -> b.sourceBucket(SOURCE)
                    .sourceKey("big").destinationBucket(TARGET).destinationKey("present")
                    .overrideConfiguration(o -> o.putHeader("If-None-Match", "*"))));
            assertEquals(412, target.statusCode());
            assertEquals("PreconditionFailed", target.awsErrorDetails().errorCode());
            S3Exception condition = assertThrows(S3Exception.class, () -> impatient.copyObject(b -> b.sourceBucket(SOURCE)
                    .sourceKey("big").destinationBucket(TARGET).destinationKey("refused")
                    .copySourceIfMatch("\"0123456789abcdef0123456789abcdef\"")));
            assertEquals(412, condition.statusCode());
            assertEquals("PreconditionFailed", condition.awsErrorDetails().errorCode());
            assertEquals(404, assertThrows(NoSuchKeyException.class, () -> impatient.copyObject(b -> b
                    .sourceBucket(SOURCE).sourceKey("missing").destinationBucket(TARGET).destinationKey("refused")))
                    .statusCode());
            assertEquals(404, assertThrows(NoSuchUploadException.class, () -> impatient.uploadPartCopy(b -> b
                    .sourceBucket(SOURCE).sourceKey("big").destinationBucket(TARGET).destinationKey("refused")
                    .uploadId("no-such-upload").partNumber(1))).statusCode());
            lock.rollback();
        }
    }

    /** Runs {@code copy} while the target's chunks are locked, until the copy has waited {@code held}. */
    private static <T> T whileCopyWaits(Duration held, Supplier<T> copy) throws Exception {
        try (Connection lock = lockChunks(TARGET)) {
            CompletableFuture<T> running = CompletableFuture.supplyAsync(copy);
            awaitCopyWaiting(TARGET, held, running);
            lock.rollback();
            return unwrap(running);
        }
    }

    /** A transaction holding SHARE on the bucket's chunks table: reads go on, inserts wait. */
    private static Connection lockChunks(String bucket) throws SQLException {
        Connection c = Database.connect();
        c.setAutoCommit(false);
        try (Statement s = c.createStatement()) {
            s.execute("LOCK TABLE " + Database.schemaOf(bucket) + ".chunks IN SHARE MODE");
        }
        return c;
    }

    /** Polls until an insert into the bucket's chunks has waited for its lock longer than {@code held}. */
    private static void awaitCopyWaiting(String bucket, Duration held, CompletableFuture<?> copy) throws Exception {
        String sql = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE ?"
                + " AND now() - query_start > make_interval(secs => ?)";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        try (Connection c = Database.connect(); PreparedStatement ps = c.prepareStatement(sql)) {
            ps.setString(1, "INSERT INTO " + Database.schemaOf(bucket) + ".chunks%");
            ps.setDouble(2, held.toMillis() / 1000.0);
            while (true) {
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getLong(1) > 0) {
                        return;
                    }
                }
                if (copy.isDone()) {
                    throw new AssertionError("the copy ended before it waited " + held + ": " + copy.handle(
                            (value, failure) -> failure == null ? value : failure).get());
                }
                if (System.nanoTime() > deadline) {
                    throw new AssertionError("no copy waited " + held + " for the chunks lock");
                }
                Thread.sleep(50);
            }
        }
    }

    private static <T> T unwrap(CompletableFuture<T> running) throws Exception {
        try {
            return running.get(60, TimeUnit.SECONDS);
        } catch (ExecutionException e) {
            throw e.getCause() instanceof Exception cause ? cause : e;
        }
    }
}
