package io.pgvs3.lakehouse;

import static org.apache.spark.sql.functions.col;
import static org.apache.spark.sql.functions.count;
import static org.apache.spark.sql.functions.expr;
import static org.apache.spark.sql.functions.sum;

import org.apache.spark.sql.Dataset;
import org.apache.spark.sql.Row;
import org.apache.spark.sql.SaveMode;
import org.apache.spark.sql.SparkSession;

/**
 * A Parquet dataset at {@code s3a://BUCKET/sales}, partitioned by {@code day} (ten days). Every value is a
 * function of the row's id (the test computes the same): {@code day = id % 10},
 * {@code amount = id * 7919 % 100000}, and two SHA-256 hex columns that Parquet cannot compress much and a
 * filtered read must not fetch.
 * <ul>
 * <li>{@code ParquetJob write BUCKET ROWS}: writes {@code ROWS} rows through the magic committer (two
 *     tasks, so one file per task and day), then counts and sums all of them.</li>
 * <li>{@code ParquetJob read BUCKET}: counts and sums {@code amount} of days 3 and 7 only, and prints the
 *     physical plan (its partition filters and read schema).</li>
 * </ul>
 */
public final class ParquetJob {

    private ParquetJob() {
    }

    public static void main(String[] args) throws Exception {
        String path = "s3a://" + args[1] + "/sales";
        try (SparkSession spark = Pgvs3Spark.builder("pgvs3-parquet-" + args[0]).getOrCreate()) {
            if (args[0].equals("write")) {
                spark.range(0, Long.parseLong(args[2]), 1, 2)
                        .withColumn("day", expr("CAST(id % 10 AS INT)"))
                        .withColumn("amount", expr("id * 7919 % 100000"))
                        .withColumn("payload", expr("sha2(CAST(id AS STRING), 256)"))
                        .withColumn("payload2", expr("sha2(CAST(id * 31 AS STRING), 256)"))
                        .write().mode(SaveMode.ErrorIfExists).partitionBy("day").parquet(path);
                Row all = spark.read().parquet(path).agg(count("*"), sum("amount")).first();
                Pgvs3Spark.result("all.count", all.getLong(0));
                Pgvs3Spark.result("all.sum", all.getLong(1));
            } else {
                Dataset<Row> filtered = spark.read().parquet(path).where(col("day").isin(3, 7)).select("amount");
                Pgvs3Spark.result("plan", filtered.queryExecution().executedPlan().toString().replace('\n', ' '));
                Row days = filtered.agg(count("*"), sum("amount")).first();
                Pgvs3Spark.result("days37.count", days.getLong(0));
                Pgvs3Spark.result("days37.sum", days.getLong(1));
            }
        }
    }
}
