package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.net.URI;
import java.time.LocalDate;
import java.util.HashMap;
import java.util.Map;
import java.util.function.LongFunction;
import org.apache.iceberg.CatalogProperties;
import org.apache.iceberg.DataFile;
import org.apache.iceberg.HasTableOperations;
import org.apache.iceberg.Schema;
import org.apache.iceberg.Table;
import org.apache.iceberg.TableMetadata;
import org.apache.iceberg.aws.AwsClientProperties;
import org.apache.iceberg.aws.s3.S3FileIO;
import org.apache.iceberg.aws.s3.S3FileIOProperties;
import org.apache.iceberg.data.GenericRecord;
import org.apache.iceberg.data.Record;
import org.apache.iceberg.data.parquet.GenericParquetWriter;
import org.apache.iceberg.io.DataWriter;
import org.apache.iceberg.jdbc.JdbcCatalog;
import org.apache.iceberg.parquet.Parquet;
import org.apache.iceberg.types.Types;

/**
 * Iceberg tables as the end-to-end tests write them: a {@link JdbcCatalog} whose tables live in a
 * PostgreSQL (the stack's own), {@link S3FileIO} on a pgvs3 gateway (path-style, default checksum
 * settings), and rows whose every value is a pure function of their id, written as Parquet data files.
 */
final class IcebergTables {

    static final Schema SCHEMA = new Schema(
            Types.NestedField.required(1, "id", Types.LongType.get()),
            Types.NestedField.optional(2, "name", Types.StringType.get()),
            Types.NestedField.required(3, "price", Types.DoubleType.get()),
            Types.NestedField.required(4, "day", Types.DateType.get()));

    private static final LocalDate FIRST_DAY = LocalDate.of(2024, 1, 1);

    private IcebergTables() {
    }

    /** One row as the test knows it; every value is a pure function of the id. */
    record Row(long id, String name, double price, LocalDate day) {

        static Row of(long id) {
            long mixed = mix(id);
            String name = id % 101 == 7 ? null : "n" + id + "-" + Long.toString(mixed & Long.MAX_VALUE, 36);
            double price = Math.floorMod(mixed >>> 7, 1_000_000L) / 100.0;
            return new Row(id, name, price, FIRST_DAY.plusDays(id % 365));
        }

        static Row of(Record record) {
            return new Row((Long) record.getField("id"), (String) record.getField("name"),
                    (Double) record.getField("price"), (LocalDate) record.getField("day"));
        }

        Record toRecord() {
            GenericRecord record = GenericRecord.create(SCHEMA);
            record.setField("id", id);
            record.setField("name", name);
            record.setField("price", price);
            record.setField("day", day);
            return record;
        }

        /** splitmix64: names and prices that Parquet cannot compress away. */
        private static long mix(long x) {
            long z = x + 0x9E3779B97F4A7C15L;
            z = (z ^ (z >>> 30)) * 0xBF58476D1CE4E5B9L;
            z = (z ^ (z >>> 27)) * 0x94D049BB133111EBL;
            return z ^ (z >>> 31);
        }
    }

    /** A catalog in {@code db} whose S3FileIO reaches {@code endpoint} with these keys. */
    static JdbcCatalog catalog(String name, String bucket, String endpoint, String accessKey, String secretKey,
            StackDatabase db) {
        Map<String, String> properties = new HashMap<>();
        properties.put(CatalogProperties.URI, db.jdbcUrl());
        properties.put("jdbc.user", db.user());
        properties.put("jdbc.password", db.password());
        properties.put("jdbc.schema-version", "V1");
        properties.put(CatalogProperties.WAREHOUSE_LOCATION, "s3://" + bucket + "/warehouse");
        properties.put(CatalogProperties.FILE_IO_IMPL, S3FileIO.class.getName());
        properties.put(S3FileIOProperties.ENDPOINT, endpoint);
        properties.put(S3FileIOProperties.PATH_STYLE_ACCESS, "true");
        properties.put(S3FileIOProperties.ACCESS_KEY_ID, accessKey);
        properties.put(S3FileIOProperties.SECRET_ACCESS_KEY, secretKey);
        properties.put(AwsClientProperties.CLIENT_REGION, "us-east-1");
        JdbcCatalog catalog = new JdbcCatalog();
        catalog.initialize(name, properties);
        return catalog;
    }

    /** Rows {@code [from, to)} as one Parquet data file through the table's S3FileIO. */
    static DataFile writeDataFile(Table table, String name, long from, long to) throws IOException {
        return writeDataFile(table, name, from, to, i -> Row.of(i).toRecord());
    }

    /** Rows {@code [from, to)}, each the record {@code row} makes of its id, as one Parquet data file. */
    static DataFile writeDataFile(Table table, String name, long from, long to, LongFunction<Record> row)
            throws IOException {
        String location = table.locationProvider().newDataLocation(name + "-" + from + "-" + to + ".parquet");
        DataWriter<Record> writer = Parquet.writeData(table.io().newOutputFile(location))
                .forTable(table)
                .createWriterFunc(GenericParquetWriter::create)
                .build();
        try (writer) {
            for (long i = from; i < to; i++) {
                writer.write(row.apply(i));
            }
        }
        DataFile file = writer.toDataFile();
        assertEquals(to - from, file.recordCount(), "records in " + location);
        return file;
    }

    /** The key of an {@code s3://bucket/key} location in that bucket. */
    static String key(String bucket, String location) {
        URI uri = URI.create(location);
        assertEquals("s3", uri.getScheme(), location);
        assertEquals(bucket, uri.getHost(), location);
        return uri.getPath().substring(1);
    }

    /** The table's current metadata, as its operations hold it. */
    static TableMetadata current(Table table) {
        return ((HasTableOperations) table).operations().current();
    }
}
