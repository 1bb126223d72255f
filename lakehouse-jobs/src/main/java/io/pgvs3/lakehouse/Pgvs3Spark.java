package io.pgvs3.lakehouse;

import org.apache.spark.sql.SparkSession;

/**
 * A local Spark session whose {@code s3a://} file system is pgvs3 at the defaults a user would set: the
 * endpoint, path-style access, the region and the keys; writes commit through the S3A magic committer
 * (Spark's cloud commit protocol, spark-hadoop-cloud). Settings come from the environment:
 * {@code PGVS3_S3_ENDPOINT}, {@code PGVS3_ACCESS_KEY}, {@code PGVS3_SECRET_KEY}.
 */
final class Pgvs3Spark {

    private Pgvs3Spark() {
    }

    static SparkSession.Builder builder(String appName) {
        return SparkSession.builder()
                .appName(appName)
                .master("local[2]")
                .config("spark.ui.enabled", "false")
                .config("spark.driver.host", "127.0.0.1")
                .config("spark.driver.bindAddress", "127.0.0.1")
                .config("spark.sql.session.timeZone", "UTC")
                .config("spark.sql.shuffle.partitions", "4")
                .config("spark.hadoop.fs.s3a.endpoint", env("PGVS3_S3_ENDPOINT"))
                .config("spark.hadoop.fs.s3a.endpoint.region", "us-east-1")
                .config("spark.hadoop.fs.s3a.path.style.access", "true")
                .config("spark.hadoop.fs.s3a.connection.ssl.enabled", "false")
                .config("spark.hadoop.fs.s3a.aws.credentials.provider",
                        "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider")
                .config("spark.hadoop.fs.s3a.access.key", env("PGVS3_ACCESS_KEY"))
                .config("spark.hadoop.fs.s3a.secret.key", env("PGVS3_SECRET_KEY"))
                .config("spark.hadoop.fs.s3a.committer.name", "magic")
                .config("spark.sql.sources.commitProtocolClass",
                        "org.apache.spark.internal.io.cloud.PathOutputCommitProtocol")
                .config("spark.sql.parquet.output.committer.class",
                        "org.apache.spark.internal.io.cloud.BindingParquetOutputCommitter");
    }

    static String env(String name) {
        String value = System.getenv(name);
        if (value == null || value.isEmpty()) {
            throw new IllegalStateException(name + " is not set");
        }
        return value;
    }

    /** One measurement for the test: {@code RESULT name=value}. */
    static void result(String name, Object value) {
        System.out.println("RESULT " + name + "=" + value);
    }
}
