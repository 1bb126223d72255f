package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** s3cmd (Debian's package) with SigV4, path style: bucket, put/get/list/delete, multipart upload. */
@ExtendWith(Stack.class)
class S3cmdIT {

    @TempDir
    Path dir;

    @Test
    void smokeFlow() throws Exception {
        String bucket = Clients.bucket("s3cmd");
        Path upload = write("upload.bin", 300_000);
        s3cmd("mb", "s3://" + bucket);
        s3cmd("put", upload.toString(), "s3://" + bucket + "/dir/one.bin");
        s3cmd("put", upload.toString(), "s3://" + bucket + "/two.bin");
        String listing = s3cmd("ls", "--recursive", "s3://" + bucket);
        assertTrue(listing.contains("s3://" + bucket + "/dir/one.bin") && listing.contains("s3://" + bucket + "/two.bin"), listing);
        Path download = dir.resolve("download.bin");
        s3cmd("get", "s3://" + bucket + "/dir/one.bin", download.toString());
        assertEquals(Bodies.md5(Files.readAllBytes(upload)), Bodies.md5(Files.readAllBytes(download)));
        // s3cmd's own multipart upload (5 MiB parts)
        Path large = write("large.bin", 12L * 1024 * 1024 + 5);
        s3cmd("put", "--multipart-chunk-size-mb=5", large.toString(), "s3://" + bucket + "/large.bin");
        Path largeBack = dir.resolve("large-back.bin");
        s3cmd("get", "s3://" + bucket + "/large.bin", largeBack.toString());
        assertEquals(Bodies.md5(Files.readAllBytes(large)), Bodies.md5(Files.readAllBytes(largeBack)));
        s3cmd("del", "s3://" + bucket + "/dir/one.bin", "s3://" + bucket + "/two.bin", "s3://" + bucket + "/large.bin");
        assertFalse(s3cmd("ls", "--recursive", "s3://" + bucket).contains(".bin"));
        s3cmd("rb", "s3://" + bucket);
    }

    private Path write(String name, long size) throws IOException {
        Path file = dir.resolve(name);
        try (InputStream in = Bodies.stream(size, size)) {
            Files.copy(in, file);
        }
        return file;
    }

    private String s3cmd(String... args) throws IOException, InterruptedException {
        String hostPort = URI.create(Stack.s3Endpoint(0)).getAuthority();
        Path config = dir.resolve("s3cfg");
        Files.writeString(config, String.join("\n",
                "[default]",
                "access_key = " + Stack.accessKey(),
                "secret_key = " + Stack.secretKey(),
                "host_base = " + hostPort,
                "host_bucket = " + hostPort,
                "bucket_location = us-east-1",
                "use_https = False",
                "signature_v2 = False",
                "check_ssl_certificate = False",
                ""));
        List<String> command = new ArrayList<>(List.of("s3cmd", "--config", config.toString(), "--no-progress"));
        command.addAll(List.of(args));
        return Commands.run(command, Map.of("HOME", dir.toString()), dir);
    }
}
