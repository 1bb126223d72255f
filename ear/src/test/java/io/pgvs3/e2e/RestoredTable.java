package io.pgvs3.e2e;

import static io.pgvs3.e2e.IcebergTables.SCHEMA;
import static io.pgvs3.e2e.IcebergTables.writeDataFile;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.e2e.IcebergTables.Row;
import java.net.URI;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.LongStream;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.FileScanTask;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.PartitionSpec;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableProperties;
import org.apache.iceberg.catalog.Namespace;
import org.apache.iceberg.catalog.TableIdentifier;
import org.apache.iceberg.data.IcebergGenerics;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.io.CloseableIterable;
import org.apache.iceberg.jdbc.JdbcCatalog;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.S3Exception;

/**
 * The Iceberg table of {@link PointInTimeRestoreIT} in a bucket of its own: a first commit (rows 0 to
 * 2,999 in one data file), which the restore point sees, then a delete of that file, a second commit
 * (rows 3,000 to 5,999) and an expiry of every snapshot but the last, which deletes the first commit's file
 * from pgvs3; and the check that a restored catalog and bucket hold exactly the first commit.
 */
final class RestoredTable {

    static final TableIdentifier TABLE = TableIdentifier.of(Namespace.of("lake"), "events");
    static final String CATALOG = "pgvs3_pitr";

    /** What the first commit left: its metadata file, its snapshot, its data files' bytes by key. */
    record FirstCommit(String metadata, long snapshot, Map<String, byte[]> dataFiles) {
    }

    private final String bucket;

    RestoredTable(String bucket) {
        this.bucket = bucket;
    }

    FirstCommit commit(JdbcCatalog catalog, S3Client s3) throws Exception {
        catalog.createNamespace(TABLE.namespace());
        Table table = catalog.createTable(TABLE, SCHEMA, PartitionSpec.unpartitioned(),
                Map.of(TableProperties.FORMAT_VERSION, "2"));
        table.newAppend().appendFile(writeDataFile(table, "a", 0, 3000)).commit();
        Map<String, byte[]> files = new TreeMap<>();
        for (String file : dataFiles(table).keySet()) {
            files.put(file, s3.getObjectAsBytes(b -> b.bucket(bucket).key(file)).asByteArray());
        }
        return new FirstCommit(metadataLocation(table), table.currentSnapshot().snapshotId(), files);
    }

    /**
     * A delete of the first commit's file, the second commit, and an expiry of every snapshot but the last.
     * The delete comes first: the expiry removes a file once the snapshot that deleted it is expired too.
     */
    void deleteCommitAndExpire(JdbcCatalog catalog, S3Client s3, FirstCommit first) throws Exception {
        Table table = catalog.loadTable(TABLE);
        table.newDelete().deleteFile(dataFiles(table).values().iterator().next()).commit();
        table.newAppend().appendFile(writeDataFile(table, "b", 3000, 6000)).commit();
        table.expireSnapshots().expireOlderThan(System.currentTimeMillis() + 1).retainLast(1).commit();
        assertEquals(1, snapshots(table).size(), "snapshots after the expiry");
        assertEquals(rows(3000, 6000), rows(table), "rows after the delete and the second commit");
        for (String file : first.dataFiles().keySet()) {
            S3Exception gone = assertThrows(S3Exception.class, () -> s3.headObject(b -> b.bucket(bucket).key(file)));
            assertEquals(404, gone.statusCode(), "the expiry deleted the first commit's " + file + " from pgvs3");
        }
    }

    /** The catalog and the bucket hold the first commit: its metadata, its one snapshot, its rows and bytes. */
    void assertFirstCommit(JdbcCatalog catalog, S3Client s3, FirstCommit first) throws Exception {
        Table table = catalog.loadTable(TABLE);
        assertEquals(first.metadata(), metadataLocation(table));
        assertEquals(List.of(first.snapshot()), snapshots(table), "the catalog knows the first commit only");
        assertEquals(first.dataFiles().keySet(), dataFiles(table).keySet(), "data files of the current snapshot");
        for (Map.Entry<String, byte[]> file : first.dataFiles().entrySet()) {
            assertArrayEquals(file.getValue(), s3.getObjectAsBytes(b -> b.bucket(bucket).key(file.getKey())).asByteArray(),
                    file.getKey());
        }
        assertEquals(rows(0, 3000), rows(table), "rows of the first commit");
    }

    private static String metadataLocation(Table table) {
        return ((HasTableOperations) table).operations().current().metadataFileLocation();
    }

    private static List<Long> snapshots(Table table) {
        List<Long> ids = new ArrayList<>();
        table.snapshots().forEach(snapshot -> ids.add(snapshot.snapshotId()));
        return ids;
    }

    /** Key in the bucket → data file, of the table's current snapshot. */
    private Map<String, DataFile> dataFiles(Table table) throws Exception {
        Map<String, DataFile> files = new TreeMap<>();
        try (CloseableIterable<FileScanTask> tasks = table.newScan().planFiles()) {
            tasks.forEach(t -> files.put(key(t.file().location()), t.file()));
        }
        return files;
    }

    private static List<Row> rows(long from, long to) {
        return LongStream.range(from, to).mapToObj(Row::of).toList();
    }

    private static List<Row> rows(Table table) throws Exception {
        List<Row> rows = new ArrayList<>();
        try (CloseableIterable<Record> records = IcebergGenerics.read(table).build()) {
            records.forEach(r -> rows.add(Row.of(r)));
        }
        rows.sort(Comparator.comparingLong(Row::id));
        return rows;
    }

    /** The key of an {@code s3://<bucket>/key} location. */
    private String key(String location) {
        URI uri = URI.create(location);
        assertEquals(bucket, uri.getHost(), location);
        return uri.getPath().substring(1);
    }
}
