package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.io.OutputStream;
import java.net.URI;
import java.security.MessageDigest;
import java.util.Arrays;
import java.util.HexFormat;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * Hadoop S3A (hadoop-aws, SDK v2 inside) through its FileSystem API: write a 150 MiB file (multipart),
 * list, seek and read, rename (a server-side copy: UploadPartCopy above S3A's multipart threshold) and
 * delete, with S3A's defaults and with {@code fs.s3a.create.checksum.algorithm}.
 */
@ExtendWith(Stack.class)
class S3aIT {

    private static final int SIZE = 150 * 1024 * 1024;

    @TempDir
    java.nio.file.Path buffers;

    private FileSystem fileSystem(String bucket, String checksumAlgorithm) throws Exception {
        try (S3Client s3 = Clients.s3(0)) {
            s3.createBucket(b -> b.bucket(bucket));
        }
        Configuration conf = new Configuration();
        conf.set("fs.s3a.endpoint", Stack.s3Endpoint(0));
        conf.set("fs.s3a.endpoint.region", "us-east-1");
        conf.setBoolean("fs.s3a.path.style.access", true);
        conf.setBoolean("fs.s3a.connection.ssl.enabled", false);
        conf.set("fs.s3a.aws.credentials.provider", "org.apache.hadoop.fs.s3a.SimpleAWSCredentialsProvider");
        conf.set("fs.s3a.access.key", Stack.accessKey());
        conf.set("fs.s3a.secret.key", Stack.secretKey());
        conf.set("fs.s3a.buffer.dir", buffers.toString());
        if (checksumAlgorithm != null) {
            conf.set("fs.s3a.create.checksum.algorithm", checksumAlgorithm);
        }
        return FileSystem.newInstance(URI.create("s3a://" + bucket + "/"), conf);
    }

    private static byte[] body() {
        byte[] bytes = new byte[SIZE];
        for (int i = 0; i < bytes.length; i += 4096) {
            bytes[i] = (byte) (i >>> 12); // distinct blocks, so a misplaced range shows
        }
        return bytes;
    }

    private static void flow(FileSystem fs) throws Exception {
        byte[] bytes = body();
        Path file = new Path("/data/big.bin");
        try (OutputStream out = fs.create(file, true)) {
            out.write(bytes);
        }
        FileStatus[] listing = fs.listStatus(new Path("/data"));
        assertEquals(1, listing.length);
        assertEquals(SIZE, listing[0].getLen());
        try (FSDataInputStream in = fs.open(file)) {
            byte[] window = new byte[10_000];
            in.seek(SIZE - 100_000L);
            in.readFully(window);
            assertArrayEquals(Arrays.copyOfRange(bytes, SIZE - 100_000, SIZE - 90_000), window);
            in.seek(4096);
            assertEquals(bytes[4096], (byte) in.read());
        }
        Path renamed = new Path("/moved/big.bin");
        assertTrue(fs.rename(file, renamed));
        assertFalse(fs.exists(file));
        try (InputStream in = fs.open(renamed)) {
            assertEquals(sha256(bytes), sha256(in.readAllBytes()));
        }
        assertTrue(fs.delete(new Path("/moved"), true));
        assertFalse(fs.exists(renamed));
    }

    private static String sha256(byte[] bytes) throws Exception {
        return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
    }

    @Test
    void writeListSeekRenameAndDeleteAtDefaults() throws Exception {
        try (FileSystem fs = fileSystem(Clients.bucket("s3a"), null)) {
            flow(fs);
        }
    }

    @Test
    void theSameWithCreateChecksums() throws Exception {
        try (FileSystem fs = fileSystem(Clients.bucket("s3a-crc"), "CRC32")) {
            flow(fs);
        }
    }
}
