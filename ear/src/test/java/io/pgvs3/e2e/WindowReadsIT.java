package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLWarning;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * Windowed reads through a real gateway and the AWS SDK: exact bytes at piece and part boundaries, and
 * a download whose client stops reading holds no snapshot (VACUUM removes dead tuples meanwhile), no
 * stream permit and no pin once the client is gone, while other clients read and write as usual.
 */
@ExtendWith(Stack.class)
class WindowReadsIT {

    private static final String BUCKET = Clients.bucket("window");
    private static final int MIB = 1 << 20;
    private static final int SINGLE_SIZE = 20 * MIB + 3;
    private static final int[] PART_SIZES = {5 * MIB + 17, 5 * MIB, 3 * MIB + 5};
    private static S3Client s3;
    private static byte[] single;
    private static byte[] multipart;

    @BeforeAll
    static void upload() throws Exception {
        s3 = Clients.s3(0);
        s3.createBucket(b -> b.bucket(BUCKET));
        single = Bodies.bytes(SINGLE_SIZE, 21);
        s3.putObject(b -> b.bucket(BUCKET).key("single"), RequestBody.fromBytes(single));
        String id = s3.createMultipartUpload(b -> b.bucket(BUCKET).key("multi")).uploadId();
        List<CompletedPart> parts = new ArrayList<>();
        multipart = new byte[Arrays.stream(PART_SIZES).sum()];
        int at = 0;
        for (int i = 0; i < PART_SIZES.length; i++) {
            byte[] part = Bodies.bytes(PART_SIZES[i], 30 + i);
            System.arraycopy(part, 0, multipart, at, part.length);
            at += part.length;
            int number = i + 1;
            String etag = s3.uploadPart(b -> b.bucket(BUCKET).key("multi").uploadId(id).partNumber(number),
                    RequestBody.fromBytes(part)).eTag();
            parts.add(CompletedPart.builder().partNumber(number).eTag(etag).build());
        }
        s3.completeMultipartUpload(b -> b.bucket(BUCKET).key("multi").uploadId(id)
                .multipartUpload(m -> m.parts(parts)));
    }

    @AfterAll
    static void close() {
        s3.close();
    }

    @Test
    void rangesAcrossPiecesAndPartsAreExact() {
        // piece edges of whole reads (an eighth of the read, at least 1 MiB) and ranges straddling them
        for (long[] r : new long[][] {{0, SINGLE_SIZE - 1}, {0, 0}, {SINGLE_SIZE - 1, SINGLE_SIZE - 1},
                {MIB - 1, MIB}, {8119, 8119 + 3 * MIB}, {SINGLE_SIZE / 8 - 1, SINGLE_SIZE / 8},
                {5 * MIB / 2 - 7, 5 * MIB + 7}, {SINGLE_SIZE - 3 * MIB - 11, SINGLE_SIZE - 1}}) {
            assertRange("single", single, r[0], r[1]);
        }
        long firstEnd = PART_SIZES[0];
        long secondEnd = firstEnd + PART_SIZES[1];
        for (long[] r : new long[][] {{0, multipart.length - 1}, {firstEnd - 1, firstEnd - 1}, {firstEnd, firstEnd},
                {firstEnd - 2 * MIB, firstEnd + 2 * MIB}, {firstEnd - 1, secondEnd}, {secondEnd - 5, multipart.length - 1},
                {multipart.length - 1, multipart.length - 1}}) {
            assertRange("multi", multipart, r[0], r[1]);
        }
        assertArrayEquals(multipart, s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("multi")).asByteArray());
        assertArrayEquals(Arrays.copyOfRange(multipart, (int) firstEnd, (int) secondEnd),
                s3.getObjectAsBytes(b -> b.bucket(BUCKET).key("multi").partNumber(2)).asByteArray());
    }

    @Test
    void aClientThatStopsReadingHoldsNoSnapshotAndNobodyWaitsForIt() throws Exception {
        // a key nobody has read yet: its first read queries and pins (a span the read cache holds whole
        // takes no pin, docs/adr/0030)
        s3.putObject(b -> b.bucket(BUCKET).key("stalled"), RequestBody.fromBytes(single));
        URI endpoint = URI.create(Stack.s3Endpoint(0));
        SignedRawRequest get = SignedRawRequest.of("GET", endpoint, "/" + BUCKET + "/stalled", "", 0,
                "UNSIGNED-PAYLOAD", Map.of());
        try (Socket stalled = new Socket(endpoint.getHost(), endpoint.getPort())) {
            stalled.setReceiveBufferSize(64 * 1024);
            OutputStream out = stalled.getOutputStream();
            out.write(get.head().getBytes(StandardCharsets.US_ASCII));
            out.flush();
            InputStream in = stalled.getInputStream();
            assertTrue(new String(in.readNBytes(12), StandardCharsets.US_ASCII).endsWith("200"));
            in.readNBytes(MIB); // then it reads no more

            // fetches ahead, maintenance ticks and autovacuum hold snapshots briefly; a download that held
            // one would keep every probe at 1,000
            await("VACUUM removes every dead tuple while the download is stalled",
                    () -> deadButNotRemovableAfterVacuum() == 0);
            assertEquals(1, pinsHeld(), "the stalled download pins its file");

            // another client meanwhile: a whole download and an upload into the chunk pool
            try (S3Client other = Clients.s3(0)) {
                assertArrayEquals(single, other.getObjectAsBytes(b -> b.bucket(BUCKET).key("single")).asByteArray());
                byte[] body = Bodies.bytes(3 * MIB, 40);
                other.putObject(b -> b.bucket(BUCKET).key("meanwhile"), RequestBody.fromBytes(body));
                assertArrayEquals(body, other.getObjectAsBytes(b -> b.bucket(BUCKET).key("meanwhile")).asByteArray());
            }
        }
        await("the gone client's pin is given back", () -> pinsHeld() == 0);
    }

    private static void assertRange(String key, byte[] body, long first, long last) {
        byte[] got = s3.getObjectAsBytes(b -> b.bucket(BUCKET).key(key).range("bytes=" + first + "-" + last))
                .asByteArray();
        assertArrayEquals(Arrays.copyOfRange(body, (int) first, (int) last + 1), got, key + " " + first + "-" + last);
    }

    /** Session-level advisory shares held by the gateways' read-pin guards. */
    private static long pinsHeld() throws Exception {
        return count("SELECT count(*) FROM pg_locks l JOIN pg_stat_activity a USING (pid)"
                + " WHERE l.locktype = 'advisory' AND l.mode = 'ShareLock' AND a.application_name = 'pgvs3-pins'");
    }

    private static long deadButNotRemovableAfterVacuum() throws Exception {
        try (Connection c = Database.connect(); Statement s = c.createStatement()) {
            s.execute("DROP TABLE IF EXISTS window_vacuum_probe; CREATE TABLE window_vacuum_probe (n int)"
                    + " WITH (autovacuum_enabled = off); INSERT INTO window_vacuum_probe"
                    + " SELECT generate_series(1, 1000); DELETE FROM window_vacuum_probe");
            s.clearWarnings();
            s.execute("VACUUM (VERBOSE) window_vacuum_probe");
            Pattern dead = Pattern.compile("(\\d+) are dead but not yet removable");
            for (SQLWarning w = s.getWarnings(); w != null; w = w.getNextWarning()) {
                Matcher m = dead.matcher(w.getMessage());
                if (m.find()) {
                    return Long.parseLong(m.group(1));
                }
            }
            throw new AssertionError("VACUUM VERBOSE reported no tuple counts");
        }
    }

    private static long count(String sql) throws Exception {
        try (Connection c = Database.connect(); Statement s = c.createStatement(); ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private static void await(String what, Callable<Boolean> condition) throws Exception {
        long deadline = System.nanoTime() + 60_000_000_000L;
        while (!condition.call()) {
            assertTrue(System.nanoTime() < deadline, "not within 60 s: " + what);
            Thread.sleep(100);
        }
    }
}
