package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pgvs3.e2e.IcebergTables.Row;
import io.pgvs3.e2e.OriginRecorder.Request;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.apache.iceberg.types.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.NoSuchKeyException;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Issue 20's lakehouse case: an Iceberg table that lives at an origin (S3Proxy), written there directly,
 * then read and appended to through an origin-backed bucket of the same name on both gateways, with
 * {@code S3FileIO} (AWS SDK v2 defaults, path-style) for every byte and a {@code JdbcCatalog} in the
 * stack's PostgreSQL. The gateways reach the origin through an {@link OriginRecorder}, so the test knows
 * which key every origin request was for.
 *
 * <p>The table has a data file above 8 MiB (wide rows: a 2,600-byte random payload each), so its scans
 * take ADR 45's cold-range path: the Parquet reader's footer and column-chunk reads are answered from
 * ranged origin GETs and the file is not stored, while the metadata JSON, manifest list, manifests and
 * small data files are filled once and served from PostgreSQL afterwards. The append through the gateway
 * writes a data file above the write-back threshold (8 MiB, the default: written back) and everything
 * else below it (written through), and the origin ends with a table Iceberg reads directly.
 */
@ExtendWith(Stack.class)
class IcebergOriginIT {

    /** The random payload of a wide row: Parquet cannot compress it, so a few thousand rows make 8 MiB. */
    private static final int PAYLOAD_BYTES = 2_600;

    /** ADR 45: a range of a cold object above this is read at the origin, not filled. */
    private static final long LARGE_OBJECT = 8L << 20;

    /** The default write-back threshold of an origin document (docs/operations.md): PUTs above it are write-backs. */
    private static final long WRITE_BACK_THRESHOLD = 8L << 20;

    private static final Schema WIDE = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "name", Types.StringType.get()),
            Types.NestedField.required(3, "price", Types.DoubleType.get()),
            Types.NestedField.required(4, "day", Types.DateType.get()),
            Types.NestedField.optional(5, "payload", Types.BinaryType.get()));

    /** The rows of this test carry a payload when their id is in [WIDE_FROM, WIDE_TO). */
    private static final long WIDE_FROM = 6_000;
    private static final long WIDE_TO = 13_500;

    @Test
    void aTableAtTheOriginIsScannedWarmOnBothGatewaysAndAnAppendThroughTheGatewayReachesTheOrigin() throws Exception {
        long started = System.nanoTime();
        String bucket = Clients.bucket("iceberg-origin");
        String catalogName = "pgvs3_iceberg_origin_" + Long.toHexString(System.nanoTime());
        Namespace namespace = Namespace.of("lake");
        TableIdentifier id = TableIdentifier.of(namespace, "events");
        StackDatabase db = StackDatabase.get();

        try (OriginPeer origin = new OriginPeer()) {
            origin.start();
            try (OriginRecorder recorder = new OriginRecorder(origin.endpoint()); S3Client direct = origin.client()) {
                // ---- 1. the table is written directly at the origin: two small files, then one above 8 MiB
                direct.createBucket(b -> b.bucket(bucket));
                DataFile big;
                TableMetadata atOrigin;
                try (JdbcCatalog writer = atOrigin(catalogName, bucket, origin, db)) {
                    writer.createNamespace(namespace);
                    Table table = writer.createTable(id, WIDE, PartitionSpec.unpartitioned(), Map.of(
                            TableProperties.FORMAT_VERSION, "2",
                            // several row groups in the large files: a filter reads one in their middle
                            TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, String.valueOf(2L << 20)));
                    table.newAppend().appendFile(write(table, "a", 0, 3_000)).appendFile(write(table, "b", 3_000, 6_000))
                            .commit();
                    big = write(table, "big", 6_000, 10_000);
                    table.newAppend().appendFile(big).commit();
                    assertTrue(big.fileSizeInBytes() > LARGE_OBJECT, "a data file above 8 MiB: " + describe(big));
                    assertTrue(big.splitOffsets() != null && big.splitOffsets().size() >= 3,
                            "the large data file has several row groups: " + describe(big));
                    atOrigin = IcebergTables.current(table);
                }

                // ---- the origin-backed bucket of the same name, reaching the origin through the recorder
                HttpResponse<String> declared = Admin.send(0, "PUT", "/admin/origins/" + bucket,
                        "{\"endpoint\": \"%s\", \"credentials\": \"e2e\", \"ttl\": \"PT1H\"}".formatted(recorder.endpoint()));
                assertEquals(201, declared.statusCode(), declared.body());

                // ---- 2. scanned through gateway 0: the metadata, manifest list, manifests and small files filled once
                Set<String> filled = new TreeSet<>();
                filled.add(IcebergTables.key(bucket, atOrigin.metadataFileLocation()));
                Snapshot current = atOrigin.currentSnapshot();
                String manifestListKey = IcebergTables.key(bucket, current.manifestListLocation());
                filled.add(manifestListKey);
                try (JdbcCatalog reader = atGateway(catalogName, bucket, 0, db)) {
                    Table table = reader.loadTable(id);
                    assertEquals(atOrigin.metadataFileLocation(), IcebergTables.current(table).metadataFileLocation());
                    for (ManifestFile manifest : table.currentSnapshot().allManifests(table.io())) {
                        filled.add(IcebergTables.key(bucket, manifest.path()));
                    }
                    scans(table, 10_000);
                    for (FileScanTask task : tasks(table, Expressions.alwaysTrue())) {
                        if (task.file().fileSizeInBytes() <= LARGE_OBJECT) {
                            filled.add(IcebergTables.key(bucket, task.file().location()));
                        }
                    }
                }
                assertEquals(6, filled.size(), "metadata JSON, manifest list, two manifests, two small data files: " + filled);
                String bigKey = IcebergTables.key(bucket, big.location());
                List<Request> cold = recorder.requests();
                assertEquals(filled, Set.copyOf(keys(cold)).stream().filter(k -> !k.equals(bigKey))
                        .collect(Collectors.toCollection(TreeSet::new)), "the keys the first scan asked the origin for");
                for (String key : filled) {
                    List<Request> asked = of(cold, key);
                    assertEquals(1, asked.stream().filter(r -> r.isGet() && r.range() == null).count(),
                            key + " filled by one whole GET: " + asked);
                    if (key.contains("/metadata/") && !key.equals(manifestListKey)) {
                        // S3FileIO reads the metadata JSON and the manifests (their lengths known from the manifest
                        // list) from their first byte, bytes=0-: all of any object, so no size is needed
                        assertEquals(1, asked.size(), key + " asked once: " + asked);
                    } else {
                        // S3FileIO asks the manifest list's length (a HEAD of its own); a read of a data file that
                        // starts inside it needs its size, which the origin's HEAD tells (filled or read there,
                        // ADR 45), unless a read from its first byte has begun its fill
                        assertTrue(asked.stream().allMatch(r -> r.isGet() && r.range() == null || r.method().equals("HEAD")),
                                key + " asked nothing else but its HEAD: " + asked);
                    }
                }
                List<Request> bigReads = of(cold, bigKey);
                assertEquals(1, bigReads.stream().filter(r -> r.method().equals("HEAD")).count(),
                        "one HEAD of the large file, remembered for the TTL: " + bigReads);
                assertRangedReads(bigReads, big, "first scan");
                Await.until(Duration.ofSeconds(30), "the fills published", () -> Database.objectRows(bucket) == filled.size());
                assertEquals(List.copyOf(filled), Database.objectKeys(bucket),
                        "held in PostgreSQL: what was filled, not the large file read in ranges");
                // counted as each publication ends, a moment after its commit
                Await.until(Duration.ofSeconds(30), "the publications counted", () -> fills(bucket, "published") >= filled.size());
                assertEquals(filled.size(), fills(bucket, "published"), "one publication per filled file");
                assertEquals(0, fills(bucket, "discarded"));

                // ---- 3. scanned again through gateway 1: the filled files are served from PostgreSQL
                int mark = recorder.requests().size();
                try (JdbcCatalog reader = atGateway(catalogName, bucket, 1, db)) {
                    scans(reader.loadTable(id), 10_000);
                }
                List<Request> warm = recorder.since(mark);
                assertEquals(Set.of(bigKey), Set.copyOf(keys(warm)),
                        "the second scan asked the origin only for the large file's ranges: " + warm);
                assertRangedReads(warm, big, "second scan");
                assertTrue(warm.stream().noneMatch(r -> r.method().equals("HEAD")), "its HEAD is remembered: " + warm);
                assertEquals(List.copyOf(filled), Database.objectKeys(bucket), "nothing else stored by the second scan");

                // ---- 4. an append through gateway 0 while the drain is paused: the large data file waits
                pauseDrain(bucket, true);
                mark = recorder.requests().size();
                DataFile appendedBig;
                DataFile appendedSmall;
                TableMetadata committed;
                try (JdbcCatalog writer = atGateway(catalogName, bucket, 0, db)) {
                    Table table = writer.loadTable(id);
                    appendedBig = write(table, "c", 10_000, 13_500);
                    appendedSmall = write(table, "d", 13_500, 14_000);
                    assertTrue(appendedBig.fileSizeInBytes() > WRITE_BACK_THRESHOLD,
                            "a data file above the write-back threshold: " + describe(appendedBig));
                    table.newAppend().appendFile(appendedBig).appendFile(appendedSmall).commit();
                    committed = IcebergTables.current(table);
                }
                List<Request> commit = recorder.since(mark);
                String appendedBigKey = IcebergTables.key(bucket, appendedBig.location());
                Set<String> writtenThrough = new TreeSet<>();
                writtenThrough.add(IcebergTables.key(bucket, appendedSmall.location()));
                writtenThrough.add(IcebergTables.key(bucket, committed.metadataFileLocation()));
                writtenThrough.add(IcebergTables.key(bucket, committed.currentSnapshot().manifestListLocation()));
                try (JdbcCatalog reader = atGateway(catalogName, bucket, 1, db)) {
                    Table table = reader.loadTable(id);
                    assertEquals(committed.metadataFileLocation(), IcebergTables.current(table).metadataFileLocation(),
                            "the catalog points at the new metadata");
                    for (ManifestFile manifest : table.currentSnapshot().allManifests(table.io())) {
                        if (manifest.snapshotId() == table.currentSnapshot().snapshotId()) {
                            writtenThrough.add(IcebergTables.key(bucket, manifest.path()));
                        }
                    }
                    assertEquals(4, writtenThrough.size(), "small data file, metadata JSON, manifest list, manifest: "
                            + writtenThrough);
                    // the other gateway serves the whole table, the pending data file from PostgreSQL
                    assertRows("full scan after the append, drain paused", table, Expressions.alwaysTrue(), 5,
                            x -> x < 14_000);
                }
                for (String key : writtenThrough) {
                    assertTrue(of(commit, key).stream().anyMatch(r -> r.method().equals("PUT") && r.query() == null),
                            key + " written through to the origin before it was answered: " + of(commit, key));
                    direct.headObject(b -> b.bucket(bucket).key(key));
                }
                assertTrue(of(commit, appendedBigKey).stream().noneMatch(r -> r.method().equals("PUT")),
                        "the large data file is a write-back: " + of(commit, appendedBigKey));
                assertThrows(NoSuchKeyException.class, () -> direct.headObject(b -> b.bucket(bucket).key(appendedBigKey)),
                        "acknowledged before it reached the origin");
                assertEquals(1, pending(bucket), "the large data file waits in the outbox");

                int drainMark = recorder.requests().size();
                pauseDrain(bucket, false);
                Await.until(Duration.ofSeconds(60), "the outbox of " + bucket + " drained", () -> pending(bucket) == 0);
                List<Request> drain = recorder.since(drainMark);
                assertEquals(Set.of(appendedBigKey), Set.copyOf(keys(drain)), "the drain sent the large data file: " + drain);

                // ---- the table read directly at the origin: every row, every file byte-exact
                try (JdbcCatalog reader = atOrigin(catalogName, bucket, origin, db)) {
                    Table table = reader.loadTable(id);
                    assertEquals(committed.metadataFileLocation(), IcebergTables.current(table).metadataFileLocation());
                    assertRows("full scan at the origin", table, Expressions.alwaysTrue(), 5, x -> x < 14_000);
                    assertRows("the appended rows at the origin", table, Expressions.greaterThanOrEqual("id", 10_000L), 2,
                            x -> x >= 10_000 && x < 14_000);
                    try (S3Client gateway = Clients.s3(1)) {
                        assertSameFiles(direct, gateway, bucket, table);
                    }
                }
                System.out.println("IcebergOriginIT: large data file " + describe(big) + ", appended " + describe(appendedBig));
                Map<String, List<Request>> phases = new LinkedHashMap<>();
                phases.put("first scan (gateway 0)", cold);
                phases.put("second scan (gateway 1)", warm);
                phases.put("append (gateway 0)", commit);
                phases.put("drain", drain);
                phases.forEach((phase, requests) -> System.out.println("  origin requests, " + phase + ": " + summary(requests)));
            }
        }
        System.out.printf("IcebergOriginIT: %d ms once the stack was up%n", (System.nanoTime() - started) / 1_000_000);

    }

    /** A full scan and two filtered ones: one inside the large file's middle row group, one in a small file. */
    private static void scans(Table table, long rows) throws IOException {
        assertRows("full scan", table, Expressions.alwaysTrue(), 3, x -> x < rows);
        assertRows("id in [8000, 8050)", table,
                Expressions.and(Expressions.greaterThanOrEqual("id", 8_000L), Expressions.lessThan("id", 8_050L)), 1,
                x -> x >= 8_000 && x < 8_050);
        assertRows("id < 100", table, Expressions.lessThan("id", 100L), 1, x -> x < 100);
    }

    /** Reads of the large file: ranged GETs of the version written (If-Match), never a whole GET. */
    private static void assertRangedReads(List<Request> reads, DataFile big, String what) {
        List<Request> gets = reads.stream().filter(Request::isGet).toList();
        assertFalse(gets.isEmpty(), what + " read the large file at the origin");
        for (Request get : gets) {
            assertTrue(get.range() != null && get.ifMatch() != null,
                    what + ": the large file (" + big.fileSizeInBytes() + " bytes) is read in ranges of its version: " + get);
        }
    }

    /** Every file of the table's metadata tree and data, and nothing else, at the origin and through the gateway. */
    private static void assertSameFiles(S3Client direct, S3Client gateway, String bucket, Table table) throws IOException {
        String prefix = IcebergTables.key(bucket, table.location()) + "/";
        Map<String, Long> atOrigin = listing(direct, bucket, prefix);
        assertEquals(atOrigin, listing(gateway, bucket, prefix), "the gateway lists what the origin holds");

        Map<String, Long> expected = new TreeMap<>();
        TableMetadata metadata = IcebergTables.current(table);
        for (String location : metadataFiles(metadata)) {
            expected.put(IcebergTables.key(bucket, location), null);
        }
        for (Snapshot snapshot : table.snapshots()) {
            expected.put(IcebergTables.key(bucket, snapshot.manifestListLocation()), null);
            for (ManifestFile manifest : snapshot.allManifests(table.io())) {
                expected.put(IcebergTables.key(bucket, manifest.path()), manifest.length());
            }
        }
        for (FileScanTask task : tasks(table, Expressions.alwaysTrue())) {
            expected.put(IcebergTables.key(bucket, task.file().location()), task.file().fileSizeInBytes());
        }
        assertEquals(expected.keySet(), atOrigin.keySet(), "the table's files at the origin");
        expected.forEach((key, size) -> {
            if (size != null) {
                assertEquals(size, atOrigin.get(key), "size of " + key + " as Iceberg recorded it");
            }
        });
        for (String key : atOrigin.keySet()) {
            byte[] there = direct.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray();
            byte[] here = gateway.getObjectAsBytes(b -> b.bucket(bucket).key(key)).asByteArray();
            if (!Arrays.equals(there, here)) {
                fail(key + " differs between the origin (" + there.length + " bytes) and the gateway (" + here.length + ")");
            }
        }
    }

    private static List<String> metadataFiles(TableMetadata metadata) {
        List<String> files = new ArrayList<>();
        files.add(metadata.metadataFileLocation());
        metadata.previousFiles().forEach(e -> files.add(e.file()));
        assertEquals(4, files.size(), "metadata JSON versions: create, two appends at the origin, one through the gateway "
                + files);
        return files;
    }

    private static Map<String, Long> listing(S3Client s3, String bucket, String prefix) {
        Map<String, Long> objects = new TreeMap<>();
        for (S3Object object : s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(prefix)).contents()) {
            objects.put(object.key(), object.size());
        }
        return objects;
    }

    /**
     * The filter returns exactly the rows whose id satisfies {@code expected} (every value, the payload
     * included), after planning exactly {@code expectedFiles} data files.
     */
    private static void assertRows(String what, Table table, Expression filter, int expectedFiles, LongPredicate expected)
            throws IOException {
        assertEquals(expectedFiles, tasks(table, filter).size(), what + ": data files planned");
        List<Long> want = LongStream.range(0, 14_000).filter(expected).boxed().toList();
        List<Record> got = new ArrayList<>();
        try (CloseableIterable<Record> records = IcebergGenerics.read(table).where(filter).build()) {
            records.forEach(r -> got.add(r.copy()));
        }
        got.sort(Comparator.comparingLong(r -> (Long) r.getField("id")));
        assertEquals(want, got.stream().map(r -> (Long) r.getField("id")).toList(), what + ": the ids read");
        for (Record record : got) {
            long rowId = (Long) record.getField("id");
            assertEquals(Row.of(rowId), Row.of(record), what + ": row " + rowId);
            ByteBuffer payload = (ByteBuffer) record.getField("payload");
            byte[] expectedPayload = payload(rowId);
            if (expectedPayload == null) {
                assertEquals(null, payload, what + ": payload of row " + rowId);
            } else {
                byte[] read = new byte[payload.remaining()];
                payload.duplicate().get(read);
                assertArrayEquals(expectedPayload, read, what + ": payload of row " + rowId);
            }
        }
    }

    private static List<FileScanTask> tasks(Table table, Expression filter) throws IOException {
        List<FileScanTask> tasks = new ArrayList<>();
        try (CloseableIterable<FileScanTask> planned = table.newScan().filter(filter).planFiles()) {
            planned.forEach(tasks::add);
        }
        return tasks;
    }

    /** Rows {@code [from, to)} of this test's wide schema as one Parquet data file. */
    private static DataFile write(Table table, String name, long from, long to) throws IOException {
        return IcebergTables.writeDataFile(table, name, from, to, IcebergOriginIT::wideRecord);
    }

    private static Record wideRecord(long id) {
        Row row = Row.of(id);
        GenericRecord record = GenericRecord.create(WIDE);
        record.setField("id", row.id());
        record.setField("name", row.name());
        record.setField("price", row.price());
        record.setField("day", row.day());
        byte[] payload = payload(id);
        record.setField("payload", payload == null ? null : ByteBuffer.wrap(payload));
        return record;
    }

    /** The payload of row {@code id}: {@link #PAYLOAD_BYTES} random bytes for wide rows, else none. */
    private static byte[] payload(long id) {
        if (id < WIDE_FROM || id >= WIDE_TO) {
            return null;
        }
        byte[] payload = new byte[PAYLOAD_BYTES];
        new SplittableRandom(id).nextBytes(payload);
        return payload;
    }

    private static JdbcCatalog atOrigin(String name, String bucket, OriginPeer origin, StackDatabase db) {
        return IcebergTables.catalog(name, bucket, origin.endpoint().toString(), Stack.ORIGIN_ACCESS_KEY,
                Stack.ORIGIN_SECRET_KEY, db);
    }

    private static JdbcCatalog atGateway(String name, String bucket, int gateway, StackDatabase db) {
        return IcebergTables.catalog(name, bucket, Stack.s3Endpoint(gateway), Stack.accessKey(), Stack.secretKey(), db);
    }

    private static void pauseDrain(String bucket, boolean paused) throws Exception {
        HttpResponse<String> answer = Admin.send(1, "POST", "/admin/origins/" + bucket + "/drain?pause=" + paused, "");
        assertEquals(200, answer.statusCode(), answer.body());
    }

    private static long pending(String bucket) throws Exception {
        HttpResponse<String> shown = Admin.send(0, "GET", "/admin/origins/" + bucket, null);
        assertEquals(200, shown.statusCode(), shown.body());
        return Admin.number(shown.body(), "pendingObjects");
    }

    private static double fills(String bucket, String result) throws Exception {
        return Scrape.of(Stack.adminEndpoint(0)).value("pgvs3_origin_fills_total", "bucket=" + bucket, "result=" + result)
                + Scrape.of(Stack.adminEndpoint(1)).value("pgvs3_origin_fills_total", "bucket=" + bucket, "result=" + result);
    }

    /** Requests counted by method, whether ranged, and the file name (its last path element). */
    private static String summary(List<Request> requests) {
        Map<String, Long> counted = new TreeMap<>(requests.stream().collect(Collectors.groupingBy(
                r -> r.method() + (r.query() == null ? "" : "?" + r.query().replaceAll("=[^&]*", ""))
                        + (r.range() == null ? "" : " ranged") + " " + r.key().substring(r.key().lastIndexOf('/') + 1),
                Collectors.counting())));
        return requests.size() + " " + counted;
    }

    private static List<String> keys(List<Request> requests) {
        return requests.stream().map(Request::key).toList();
    }

    private static List<Request> of(List<Request> requests, String key) {
        return requests.stream().filter(r -> r.key().equals(key)).toList();
    }

    private static String describe(DataFile file) {
        return file.location() + " (" + file.fileSizeInBytes() + " bytes, " + file.recordCount() + " rows, row groups at "
                + file.splitOffsets() + ")";
    }
}
