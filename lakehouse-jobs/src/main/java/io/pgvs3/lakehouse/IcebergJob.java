package io.pgvs3.lakehouse;

import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import org.apache.iceberg.Table;
import org.apache.iceberg.actions.DeleteOrphanFiles;
import org.apache.iceberg.io.PositionOutputStream;
import org.apache.iceberg.spark.Spark3Util;
import org.apache.iceberg.spark.actions.SparkActions;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SparkSession;

/**
 * {@code IcebergJob BUCKET NAMESPACE ROWS}: Iceberg on Spark with a JDBC catalog ({@code lake}) in pgvs3's own
 * PostgreSQL ({@code PGVS3_JDBC_URL}, {@code PGVS3_DB_USER}, {@code PGVS3_DB_PASSWORD}) and S3FileIO on pgvs3.
 * Creates {@code lake.NAMESPACE.events} (partitioned by {@code category}), appends ids {@code [0, ROWS)} and
 * {@code [ROWS, 2 ROWS)}, deletes the rows whose id is a multiple of 10 (a row-level DELETE, copy-on-write
 * at Iceberg's defaults), travels back to the first snapshot, expires every snapshot but the last and
 * removes orphan files (a file a failed writer left in the table's data directory). Every value is a
 * function of the id: {@code category = id % 4}, {@code amount = id * 7919 % 100000}. Prints what each
 * step saw, and every data file the table had, as {@code RESULT} lines.
 */
public final class IcebergJob {

    private static final DateTimeFormatter TIMESTAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS")
            .withZone(ZoneOffset.UTC);

    private IcebergJob() {
    }

    public static void main(String[] args) throws Exception {
        String table = "lake." + args[1] + ".events";
        try (SparkSession spark = session(args[0])) {
            spark.sql("CREATE NAMESPACE lake." + args[1]);
            history(spark, table, Long.parseLong(args[2]));
            dataFiles(spark, table, "file.before");
            cleanUp(spark, table);
            measure(spark, "afterExpiry", table);
            Pgvs3Spark.result("snapshots.afterExpiry",
                    spark.sql("SELECT count(*) FROM " + table + ".snapshots").first().getLong(0));
            dataFiles(spark, table, "file.after");
        }
    }

    /** Two appends, a row-level delete, and reads of the current and the first snapshot. */
    private static void history(SparkSession spark, String table, long rows) {
        spark.sql("CREATE TABLE " + table + " (id BIGINT, category INT, amount BIGINT) USING iceberg"
                + " PARTITIONED BY (category) TBLPROPERTIES ('format-version' = '2')");
        append(spark, table, 0, rows);
        long first = currentSnapshot(spark, table);
        append(spark, table, rows, 2 * rows);
        spark.sql("DELETE FROM " + table + " WHERE id % 10 = 0");
        Pgvs3Spark.result("snapshot.first", first);
        Pgvs3Spark.result("snapshot.current", currentSnapshot(spark, table));
        measure(spark, "current", table);
        measure(spark, "first", table + " VERSION AS OF " + first);
    }

    /** A file a failed writer left, then snapshot expiry (all but the last) and orphan removal. */
    private static void cleanUp(SparkSession spark, String table) throws Exception {
        Table iceberg = Spark3Util.loadIcebergTable(spark, table);
        String orphan = iceberg.location() + "/data/category=1/from-a-failed-task.parquet";
        try (PositionOutputStream out = iceberg.io().newOutputFile(orphan).create()) {
            out.write("PAR1 not really".getBytes(StandardCharsets.US_ASCII));
        }
        Pgvs3Spark.result("orphan", orphan);
        Row expired = spark.sql("CALL lake.system.expire_snapshots(table => '" + table + "', older_than => TIMESTAMP '"
                + TIMESTAMP.format(Instant.now().plusMillis(1)) + "', retain_last => 1)").first();
        Pgvs3Spark.result("expired.dataFiles", expired.<Long>getAs("deleted_data_files_count"));
        // the procedure refuses a cut-off less than 24 hours ago; the action it names takes any
        DeleteOrphanFiles.Result orphans = SparkActions.get(spark).deleteOrphanFiles(iceberg)
                .olderThan(Instant.now().toEpochMilli()).usePrefixListing(true).execute();
        for (String removed : orphans.orphanFileLocations()) {
            Pgvs3Spark.result("orphan.removed", removed);
        }
    }

    /** Every data file any snapshot of the table has, each as {@code RESULT name=<location>}. */
    private static void dataFiles(SparkSession spark, String table, String name) {
        for (Row file : spark.sql("SELECT DISTINCT file_path FROM " + table + ".all_data_files").collectAsList()) {
            Pgvs3Spark.result(name, file.getString(0));
        }
    }

    private static SparkSession session(String bucket) {
        String prefix = "spark.sql.catalog.lake";
        return Pgvs3Spark.builder("pgvs3-iceberg")
                .config("spark.sql.extensions", "org.apache.iceberg.spark.extensions.IcebergSparkSessionExtensions")
                .config(prefix, "org.apache.iceberg.spark.SparkCatalog")
                .config(prefix + ".catalog-impl", "org.apache.iceberg.jdbc.JdbcCatalog")
                .config(prefix + ".uri", Pgvs3Spark.env("PGVS3_JDBC_URL"))
                .config(prefix + ".jdbc.user", Pgvs3Spark.env("PGVS3_DB_USER"))
                .config(prefix + ".jdbc.password", Pgvs3Spark.env("PGVS3_DB_PASSWORD"))
                .config(prefix + ".jdbc.schema-version", "V1")
                .config(prefix + ".warehouse", "s3://" + bucket + "/warehouse")
                .config(prefix + ".io-impl", "org.apache.iceberg.aws.s3.S3FileIO")
                .config(prefix + ".s3.endpoint", Pgvs3Spark.env("PGVS3_S3_ENDPOINT"))
                .config(prefix + ".s3.path-style-access", "true")
                .config(prefix + ".s3.access-key-id", Pgvs3Spark.env("PGVS3_ACCESS_KEY"))
                .config(prefix + ".s3.secret-access-key", Pgvs3Spark.env("PGVS3_SECRET_KEY"))
                .config(prefix + ".client.region", "us-east-1")
                .getOrCreate();
    }

    private static void append(SparkSession spark, String table, long from, long to) {
        spark.sql("INSERT INTO " + table + " SELECT id, CAST(id % 4 AS INT), id * 7919 % 100000 FROM range("
                + from + ", " + to + ")");
    }

    private static long currentSnapshot(SparkSession spark, String table) {
        return spark.sql("SELECT snapshot_id FROM " + table + ".snapshots ORDER BY committed_at DESC LIMIT 1")
                .first().getLong(0);
    }

    private static void measure(SparkSession spark, String name, String relation) {
        Row row = spark.sql("SELECT count(*), sum(amount), count(DISTINCT category) FROM " + relation).first();
        Pgvs3Spark.result(name + ".count", row.getLong(0));
        Pgvs3Spark.result(name + ".sum", row.getLong(1));
        Pgvs3Spark.result(name + ".categories", row.getLong(2));
    }
}
