package io.pgvs3.e2e;

import static io.pgvs3.e2e.IcebergTables.SCHEMA;
import static io.pgvs3.e2e.IcebergTables.writeDataFile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pgvs3.e2e.IcebergTables.Row;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.function.LongPredicate;
import java.util.stream.Collectors;
import java.util.stream.LongStream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.ManifestFile;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Snapshot;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.expressions.Expression;
import org.apache.iceberg.expressions.Expressions;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.io.FileIO;
import org.apache.iceberg.io.InputFile;
import org.apache.iceberg.io.RangeReadable;
import org.apache.iceberg.io.SeekableInputStream;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * A lakehouse client on pgvs3: Apache Iceberg with {@link S3FileIO} (AWS SDK v2, path-style, default
 * checksum settings) for every byte, and a {@link JdbcCatalog} whose tables ({@code iceberg_tables},
 * {@code iceberg_namespace_properties}) live in the stack's own PostgreSQL. A table is written through
 * gateway 1 as Parquet data files (several row groups each) and read back through gateway 2 by a second
 * catalog instance with filters that prune whole files and row groups, so the Parquet reader's footer
 * and column-chunk range reads go through pgvs3's ranged GET. A table at an origin, read and appended to
 * through an origin-backed bucket, is {@link IcebergOriginIT}'s.
 */
@ExtendWith(Stack.class)
class IcebergIT {

    /** pgvs3 keeps bodies up to this size inline in the metadata row; data files must be chunked. */
    private static final long INLINE_LIMIT = 64 * 1024;

    @Test
    void icebergTableOnPgvs3WithJdbcCatalogInTheSamePostgres() throws Exception {
        long started = System.nanoTime();
        String bucket = Clients.bucket("iceberg");
        String catalogName = "pgvs3_e2e_" + Long.toHexString(System.nanoTime());
        Namespace namespace = Namespace.of("lake");
        TableIdentifier id = TableIdentifier.of(namespace, "sales");
        StackDatabase db = StackDatabase.get();

        List<DataFile> written = new ArrayList<>();
        try (S3Client s3 = Clients.s3(0)) {
            s3.createBucket(b -> b.bucket(bucket));

            // ---- write through gateway 1
            String metadataAfterWrites;
            try (JdbcCatalog writer = catalog(catalogName, bucket, 0, db)) {
                writer.createNamespace(namespace, Map.of("owner", "e2e"));
                Table table = writer.createTable(id, SCHEMA, PartitionSpec.unpartitioned(), Map.of(
                        TableProperties.FORMAT_VERSION, "2",
                        // small row groups: several per file, so a filter can skip some inside a file
                        TableProperties.PARQUET_ROW_GROUP_SIZE_BYTES, String.valueOf(24 * 1024)));

                DataFile a = writeDataFile(table, "a", 0, 4000);
                DataFile b = writeDataFile(table, "b", 4000, 8000);
                table.newAppend().appendFile(a).appendFile(b).commit();
                DataFile c = writeDataFile(table, "c", 8000, 8500);
                table.newAppend().appendFile(c).commit();
                written.addAll(List.of(a, b, c));

                for (DataFile file : List.of(a, b)) {
                    assertTrue(file.fileSizeInBytes() > INLINE_LIMIT,
                            "data file should be larger than pgvs3's inline limit (chunked storage): " + describe(file));
                    assertTrue(file.splitOffsets() != null && file.splitOffsets().size() >= 3,
                            "data file should have at least 3 row groups: " + describe(file));
                }
                assertEquals(2, count(table.snapshots()), "snapshots after two appends");
                assertRows("writer's full scan", table, Expressions.alwaysTrue(), 3, x -> true);
                metadataAfterWrites = IcebergTables.current(table).metadataFileLocation();
            }

            // ---- the catalog is in pgvs3's PostgreSQL
            assertEquals(metadataAfterWrites, catalogRow(catalogName, id),
                    "iceberg_tables.metadata_location in the stack's PostgreSQL");

            // ---- read through gateway 2 with a second catalog instance (no shared cache)
            try (JdbcCatalog reader = catalog(catalogName, bucket, 1, db)) {
                assertTrue(reader.namespaceExists(namespace), "namespace seen by the second catalog");
                assertEquals(List.of(id), reader.listTables(namespace));
                Table table = reader.loadTable(id);
                assertEquals(metadataAfterWrites, IcebergTables.current(table).metadataFileLocation());

                assertRows("full scan", table, Expressions.alwaysTrue(), 3, x -> true);
                // inside file b only: prunes files a and c (and Parquet skips b's other row groups)
                assertRows("id in [4100, 4150)", table,
                        Expressions.and(Expressions.greaterThanOrEqual("id", 4100L), Expressions.lessThan("id", 4150L)),
                        1, x -> x >= 4100 && x < 4150);
                // file a only, at its very start and very end (first and last row group)
                assertRows("id < 10 or id > 3990 and id < 4000", table,
                        Expressions.or(Expressions.lessThan("id", 10L),
                                Expressions.and(Expressions.greaterThan("id", 3990L), Expressions.lessThan("id", 4000L))),
                        1, x -> x < 10 || x > 3990 && x < 4000);
                // beyond every file: nothing planned, nothing read
                assertRows("id > 100000", table, Expressions.greaterThan("id", 100_000L), 0, x -> false);
                // a date in every file (stats cannot prune), string and double predicates, nulls
                LocalDate march1 = LocalDate.of(2024, 3, 1);
                assertRows("day = 2024-03-01", table, Expressions.equal("day", "2024-03-01"), 3,
                        x -> Row.of(x).day().equals(march1));
                assertRows("day = 2024-03-01 and id >= 8000", table,
                        Expressions.and(Expressions.equal("day", "2024-03-01"), Expressions.greaterThanOrEqual("id", 8000L)),
                        1, x -> x >= 8000 && Row.of(x).day().equals(march1));
                // string bounds prune file c ("n8000-…" to "n8499-…")
                assertRows("name starts with n77 and price < 5000", table,
                        Expressions.and(Expressions.startsWith("name", "n77"), Expressions.lessThan("price", 5000.0)),
                        2, x -> {
                            Row r = Row.of(x);
                            return r.name() != null && r.name().startsWith("n77") && r.price() < 5000.0;
                        });
                assertRows("name is null", table, Expressions.isNull("name"), 3, x -> Row.of(x).name() == null);

                // ---- the three Range forms S3FileIO sends, on Parquet's framing (magic, footer length)
                for (DataFile file : written) {
                    assertParquetFraming(table.io(), file);
                }

                // ---- every metadata and data file is an object in the bucket, and nothing else is
                assertTableObjects(s3, bucket, table, written);

                reader.dropTable(id, false); // purge=true would need DeleteObjects (501 in pgvs3 so far)
                reader.dropNamespace(namespace);
            }

            // ---- clean up: one DeleteObject per key, then the bucket
            for (S3Object object : s3.listObjectsV2Paginator(b -> b.bucket(bucket)).contents()) {
                s3.deleteObject(b -> b.bucket(bucket).key(object.key()));
            }
            s3.deleteBucket(b -> b.bucket(bucket));
        }
        System.out.printf("IcebergIT: %d ms once the stack was up; data files:%n", (System.nanoTime() - started) / 1_000_000);
        written.forEach(f -> System.out.println("  " + describe(f)));
    }

    private static JdbcCatalog catalog(String name, String bucket, int gateway, StackDatabase db) {
        return IcebergTables.catalog(name, bucket, Stack.s3Endpoint(gateway), Stack.accessKey(), Stack.secretKey(), db);
    }

    /**
     * The filter returns exactly the rows whose id satisfies {@code expected} (values compared field by
     * field), after planning exactly {@code expectedFiles} data files.
     */
    private static void assertRows(String what, Table table, Expression filter, int expectedFiles, LongPredicate expected)
            throws IOException {
        int planned;
        try (CloseableIterable<FileScanTask> tasks = table.newScan().filter(filter).planFiles()) {
            planned = count(tasks);
        }
        assertEquals(expectedFiles, planned, what + ": data files planned (file pruning by column stats)");

        List<Row> want = LongStream.range(0, 8500).filter(expected).mapToObj(Row::of).toList();
        List<Row> got = new ArrayList<>();
        try (CloseableIterable<Record> records = IcebergGenerics.read(table).where(filter).build()) {
            records.forEach(r -> got.add(Row.of(r)));
        }
        got.sort(Comparator.comparingLong(Row::id));
        if (!want.equals(got)) {
            Map<Long, Row> wantById = want.stream().collect(Collectors.toMap(Row::id, r -> r));
            String firstMismatch = got.stream().filter(r -> !r.equals(wantById.get(r.id()))).findFirst()
                    .map(r -> "got " + r + ", want " + wantById.get(r.id())).orElse("(rows missing)");
            fail(what + ": want " + want.size() + " rows, got " + got.size() + "; first mismatch: " + firstMismatch);
        }
        assertTrue(what.equals("id > 100000") || !got.isEmpty(), what + ": a test filter that matches nothing");
    }

    /**
     * Reads a data file's head and tail through S3FileIO's input stream: {@code readTail} (suffix range
     * {@code bytes=-n}), {@code readFully} at a position ({@code bytes=a-b}) and seek + read
     * ({@code bytes=a-}), and checks them against each other and Parquet's layout:
     * {@code PAR1 ... footer, footer length (int32 LE), PAR1}.
     */
    private static void assertParquetFraming(FileIO io, DataFile file) throws IOException {
        long size = file.fileSizeInBytes();
        InputFile input = io.newInputFile(file.location(), size);
        byte[] tail = new byte[8];
        byte[] tailAgain = new byte[8];
        byte[] head = new byte[4];
        try (SeekableInputStream stream = input.newStream()) {
            assertTrue(stream instanceof RangeReadable, "S3FileIO stream is RangeReadable: " + stream.getClass());
            RangeReadable ranges = (RangeReadable) stream;
            assertEquals(8, ranges.readTail(tail, 0, 8), "readTail of " + file.location());
            ranges.readFully(size - 8, tailAgain, 0, 8);
            stream.seek(0);
            int n = 0;
            while (n < head.length) {
                int read = stream.read(head, n, head.length - n);
                assertTrue(read > 0, "end of stream at " + n + " reading the head of " + file.location());
                n += read;
            }
        }
        String where = file.location() + " (" + size + " bytes)";
        assertEquals("PAR1", new String(head, StandardCharsets.US_ASCII), "leading magic of " + where);
        assertEquals("PAR1", new String(tail, 4, 4, StandardCharsets.US_ASCII), "trailing magic of " + where);
        assertArrayEquals(tail, tailAgain, "suffix range and explicit range of the same 8 bytes of " + where);
        long footer = ByteBuffer.wrap(tail, 0, 4).order(ByteOrder.LITTLE_ENDIAN).getInt();
        assertTrue(footer > 0 && footer < size - 12, "footer length " + footer + " of " + where);
    }

    private static void assertTableObjects(S3Client s3, String bucket, Table table, List<DataFile> written) {
        String tablePrefix = IcebergTables.key(bucket, table.location()) + "/";
        Map<String, Long> objects = new TreeMap<>();
        s3.listObjectsV2Paginator(b -> b.bucket(bucket).prefix(tablePrefix)).contents()
                .forEach(o -> objects.put(o.key(), o.size()));

        Map<String, Long> dataFiles = new TreeMap<>();
        try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
            tasks.forEach(t -> dataFiles.put(IcebergTables.key(bucket, t.file().location()), t.file().fileSizeInBytes()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        assertEquals(written.stream().map(f -> IcebergTables.key(bucket, f.location())).collect(Collectors.toCollection(TreeSet::new)),
                dataFiles.keySet(), "data files of the current snapshot");
        assertEquals(dataFiles, filter(objects, tablePrefix + "data/"),
                "objects under " + tablePrefix + "data/ (key → size) are exactly the table's data files");

        TableMetadata metadata = IcebergTables.current(table);
        TreeSet<String> metadataFiles = new TreeSet<>();
        metadataFiles.add(IcebergTables.key(bucket, metadata.metadataFileLocation()));
        metadata.previousFiles().forEach(e -> metadataFiles.add(IcebergTables.key(bucket, e.file())));
        assertEquals(3, metadataFiles.size(), "metadata.json versions: create and two appends " + metadataFiles);
        for (Snapshot snapshot : table.snapshots()) {
            metadataFiles.add(IcebergTables.key(bucket, snapshot.manifestListLocation()));
            for (ManifestFile manifest : snapshot.allManifests(table.io())) {
                metadataFiles.add(IcebergTables.key(bucket, manifest.path()));
            }
        }
        assertEquals(metadataFiles, filter(objects, tablePrefix + "metadata/").keySet(),
                "objects under " + tablePrefix + "metadata/ are exactly the table's metadata.json files, manifest lists and manifests");
        assertEquals(objects.size(), dataFiles.size() + metadataFiles.size(), "objects under " + tablePrefix + ": " + objects.keySet());
    }

    private static Map<String, Long> filter(Map<String, Long> objects, String prefix) {
        return objects.entrySet().stream().filter(e -> e.getKey().startsWith(prefix))
                .collect(Collectors.toMap(Map.Entry::getKey, Map.Entry::getValue, (x, y) -> x, TreeMap::new));
    }

    private static String catalogRow(String catalogName, TableIdentifier id) throws SQLException {
        try (Connection connection = Database.connect();
             PreparedStatement select = connection.prepareStatement("""
                     SELECT metadata_location FROM iceberg_tables
                      WHERE catalog_name = ? AND table_namespace = ? AND table_name = ?""")) {
            select.setString(1, catalogName);
            select.setString(2, id.namespace().toString());
            select.setString(3, id.name());
            try (ResultSet rows = select.executeQuery()) {
                assertTrue(rows.next(), "no iceberg_tables row for " + catalogName + "." + id);
                return rows.getString(1);
            }
        }
    }

    private static int count(Iterable<?> items) {
        int n = 0;
        for (Object ignored : items) {
            n++;
        }
        return n;
    }

    private static String describe(DataFile file) {
        return file.location() + " (" + file.fileSizeInBytes() + " bytes, " + file.recordCount() + " rows, row groups at "
                + file.splitOffsets() + ")";
    }
}
