package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.Callable;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/** The reaper on a real stack (grace 0, a tick a second; see {@link Stack}), watched through JDBC. */
@ExtendWith(Stack.class)
class MaintenanceIT {

    private static final String BUCKET = Clients.bucket("maintenance");
    private static final Duration PATIENCE = Duration.ofSeconds(60);
    /** Writes go through gateway 1, reads through gateway 2. */
    private static final S3Client[] GATEWAYS = new S3Client[2];

    @BeforeAll
    static void openGateways() {
        Arrays.setAll(GATEWAYS, Clients::s3);
        GATEWAYS[0].createBucket(b -> b.bucket(BUCKET));
    }

    @AfterAll
    static void closeGateways() {
        Arrays.stream(GATEWAYS).forEach(S3Client::close);
    }

    private static long rows(long bytes) {
        return (bytes + 8119) / 8120;
    }

    private static double leader(int gateway) throws Exception {
        return Scrape.of(Stack.adminEndpoint(gateway)).value("pgvs3_maintenance_leader");
    }

    private static double ticks(int gateway, String name) throws Exception {
        return Scrape.of(Stack.adminEndpoint(gateway)).value(name);
    }

    private static void await(String what, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + PATIENCE.toNanos();
        while (!condition.call()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("not within " + PATIENCE + ": " + what);
            }
            Thread.sleep(200);
        }
    }

    @Test
    void overwrittenAndDeletedObjectsLoseTheirChunkRowsWithinTicks() throws Exception {
        S3Client writer = GATEWAYS[0];
        S3Client reader = GATEWAYS[1];
        byte[] first = Bodies.bytes(1 << 20, 11);
        byte[] second = Bodies.bytes(2 << 20, 12);
        writer.putObject(b -> b.bucket(BUCKET).key("overwritten"), RequestBody.fromBytes(first));
        writer.putObject(b -> b.bucket(BUCKET).key("deleted"), RequestBody.fromBytes(first));
        long overwritten = Database.fileIdOf(BUCKET, "overwritten");
        long deleted = Database.fileIdOf(BUCKET, "deleted");
        assertEquals(rows(first.length), Database.chunkRows(BUCKET, overwritten));

        reader.putObject(b -> b.bucket(BUCKET).key("overwritten"), RequestBody.fromBytes(second));
        reader.deleteObject(b -> b.bucket(BUCKET).key("deleted"));
        long current = Database.fileIdOf(BUCKET, "overwritten");

        await("the old files' chunk rows are reaped", () -> Database.chunkRows(BUCKET, overwritten) == 0
                && Database.chunkRows(BUCKET, deleted) == 0);
        assertEquals(rows(second.length), Database.chunkRows(BUCKET, current), "the live file keeps every row");
        assertArrayEquals(second, writer.getObjectAsBytes(b -> b.bucket(BUCKET).key("overwritten")).asByteArray());
    }

    @Test
    void aReaderStreamingWhileItsObjectIsOverwrittenAndReapedGetsExactlyTheOldBytes() throws Exception {
        S3Client writer = GATEWAYS[0];
        S3Client reader = GATEWAYS[1];
        long size = 100L << 20;
        String key = "streamed";
        String expected = Bodies.md5(Bodies.stream(size, 5));
        writer.putObject(b -> b.bucket(BUCKET).key(key),
                RequestBody.fromContentProvider(() -> Bodies.stream(size, 5), size, "application/octet-stream"));
        long old = Database.fileIdOf(BUCKET, key);
        long pinnedBefore = Admin.maintenanceTotal("pinnedSkips");
        byte[] replacement = Bodies.bytes(100_000, 6);

        MessageDigest md5 = MessageDigest.getInstance("MD5");
        try (ResponseInputStream<GetObjectResponse> in = reader.getObject(b -> b.bucket(BUCKET).key(key))) {
            long read = consume(in, md5, 4 << 20);
            writer.putObject(b -> b.bucket(BUCKET).key(key), RequestBody.fromBytes(replacement));
            await("the reaper meets the reader's pin", () -> Admin.maintenanceTotal("pinnedSkips") > pinnedBefore);
            assertEquals(rows(size), Database.chunkRows(BUCKET, old), "a pinned file keeps every row");
            read += consume(in, md5, Long.MAX_VALUE);
            assertEquals(size, read);
        }
        assertEquals(expected, HexFormat.of().formatHex(md5.digest()), "exactly the old bytes");
        await("the old file is reaped once the reader is done", () -> Database.chunkRows(BUCKET, old) == 0);
        assertArrayEquals(replacement, reader.getObjectAsBytes(b -> b.bucket(BUCKET).key(key)).asByteArray());
    }

    @Test
    void exactlyOneGatewayLeadsFromTickToTickUntilItDiesThenTheOtherLeads() throws Exception {
        await("one gateway leads", () -> leader(0) + leader(1) == 1);
        int leading = leader(0) == 1 ? 0 : 1;
        int other = 1 - leading;
        double ledBefore = ticks(leading, "pgvs3_maintenance_leader_ticks_total");
        double otherLedBefore = ticks(other, "pgvs3_maintenance_leader_ticks_total");
        double otherTicksBefore = ticks(other, "pgvs3_maintenance_ticks_total");
        await("both gateways tick three more times", () -> ticks(other, "pgvs3_maintenance_ticks_total")
                >= otherTicksBefore + 3 && ticks(leading, "pgvs3_maintenance_leader_ticks_total") >= ledBefore + 3);
        assertEquals(otherLedBefore, ticks(other, "pgvs3_maintenance_leader_ticks_total"),
                "the other gateway's ticks all found the leader's lock taken");
        assertEquals(1, leader(leading));
        assertEquals(0, leader(other));
        assertEquals(1, Database.maintenanceLeaderSessions(), "one leader session, visible to the operator");

        Stack.killAndRestart(leading);
        await("the surviving gateway leads", () -> leader(other) == 1);
        assertEquals(0, leader(leading), "the restarted gateway does not lead while the other does");
        assertEquals(1, Database.maintenanceLeaderSessions());
    }

    private static long consume(InputStream in, MessageDigest md5, long limit) throws Exception {
        byte[] buffer = new byte[1 << 16];
        long total = 0;
        while (total < limit) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, limit - total));
            if (n < 0) {
                break;
            }
            md5.update(buffer, 0, n);
            total += n;
        }
        return total;
    }
}
