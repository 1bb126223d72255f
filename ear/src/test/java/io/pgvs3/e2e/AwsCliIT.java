package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** The AWS CLI as users run it: s3api for single calls, s3 cp/ls/rm below the multipart threshold. */
@ExtendWith(Stack.class)
class AwsCliIT {

    @TempDir
    Path dir;

    @Test
    void cliRoundTripThroughTwoGateways() throws Exception {
        String bucket = Clients.bucket("cli");
        aws(0, "s3api", "create-bucket", "--bucket", bucket);
        aws(1, "s3api", "head-bucket", "--bucket", bucket);

        Path upload = dir.resolve("upload.bin");
        try (var in = Bodies.stream(5 * 1024 * 1024 + 3, 11)) {
            Files.copy(in, upload);
        }
        aws(0, "s3", "cp", upload.toString(), "s3://" + bucket + "/dir/file with space.bin");
        Path download = dir.resolve("download.bin");
        aws(1, "s3", "cp", "s3://" + bucket + "/dir/file with space.bin", download.toString());
        assertEquals(Bodies.md5(Files.readAllBytes(upload)), Bodies.md5(Files.readAllBytes(download)));

        aws(0, "s3api", "put-object", "--bucket", bucket, "--key", "small.txt", "--body", upload.toString(),
                "--content-type", "text/plain");
        String head = aws(1, "s3api", "head-object", "--bucket", bucket, "--key", "small.txt");
        assertTrue(head.contains("text/plain"), head);

        String listing = aws(1, "s3", "ls", "s3://" + bucket + "/dir/");
        assertTrue(listing.contains("file with space.bin"), listing);
        aws(0, "s3", "rm", "s3://" + bucket + "/dir/file with space.bin");
        aws(0, "s3", "rm", "s3://" + bucket + "/small.txt");
        String empty = aws(1, "s3api", "list-objects-v2", "--bucket", bucket);
        assertTrue(!empty.contains("\"Key\""), empty);
        aws(1, "s3api", "delete-bucket", "--bucket", bucket);
    }

    @Test
    void cliMultipartUploadServerSideCopyAndDownload() throws Exception {
        String bucket = Clients.bucket("cli-mpu");
        aws(0, "s3", "mb", "s3://" + bucket);
        Path upload = dir.resolve("big.bin");
        try (var in = Bodies.stream(20L * 1024 * 1024 + 11, 21)) {
            Files.copy(in, upload);
        }
        String md5 = Bodies.md5(Files.readAllBytes(upload));
        // above the CLI's 8 MiB threshold: CreateMultipartUpload, parallel UploadPart, CompleteMultipartUpload
        aws(0, "s3", "cp", upload.toString(), "s3://" + bucket + "/big.bin");
        String head = aws(1, "s3api", "head-object", "--bucket", bucket, "--key", "big.bin");
        assertTrue(head.contains("\"ContentLength\": " + Files.size(upload)), head);
        assertTrue(java.util.regex.Pattern.compile("\"ETag\": \"\\\\\"[0-9a-f]{32}-3\\\\\"\"").matcher(head).find(),
                head);
        // server-side copy of a large object: multipart copy with UploadPartCopy ranges
        aws(1, "s3", "cp", "s3://" + bucket + "/big.bin", "s3://" + bucket + "/copy/big.bin");
        for (String key : new String[] {"big.bin", "copy/big.bin"}) {
            Path download = dir.resolve("download-" + key.replace('/', '-'));
            aws(1, "s3", "cp", "s3://" + bucket + "/" + key, download.toString());
            assertEquals(md5, Bodies.md5(Files.readAllBytes(download)), key);
        }
        String uploads = aws(0, "s3api", "list-multipart-uploads", "--bucket", bucket);
        assertTrue(!uploads.contains("UploadId"), uploads);
        aws(0, "s3", "rm", "--recursive", "s3://" + bucket);
        aws(0, "s3", "rb", "s3://" + bucket);
    }

    private String aws(int gateway, String... args) throws IOException, InterruptedException {
        return new AwsCli(dir).run(gateway, args);
    }
}
