package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/** rclone (Debian's package) with its generic S3 provider: bucket, copy (multipart above 5 MiB), check, ls, purge. */
@ExtendWith(Stack.class)
class RcloneIT {

    @TempDir
    Path dir;

    @Test
    void smokeFlow() throws Exception {
        String bucket = Clients.bucket("rclone");
        Path source = Files.createDirectories(dir.resolve("source"));
        write(source.resolve("a.bin"), 100_000);
        write(source.resolve("nested/b.bin"), 9_000);
        write(source.resolve("large.bin"), 12L * 1024 * 1024 + 9); // above the cutoff below: a multipart upload
        rclone("mkdir", "pg:" + bucket);
        rclone("copy", "--s3-upload-cutoff", "5M", "--s3-chunk-size", "5M", source.toString(), "pg:" + bucket + "/tree");
        String listing = rclone("ls", "pg:" + bucket);
        assertTrue(listing.contains("100000 tree/a.bin") && listing.contains("9000 tree/nested/b.bin"), listing);
        rclone("check", source.toString(), "pg:" + bucket + "/tree");
        Path back = dir.resolve("back");
        rclone("copy", "pg:" + bucket + "/tree", back.toString());
        for (String file : new String[] {"nested/b.bin", "large.bin"}) {
            assertEquals(Bodies.md5(Files.readAllBytes(source.resolve(file))), Bodies.md5(Files.readAllBytes(back.resolve(file))));
        }
        rclone("purge", "pg:" + bucket);
        assertTrue(!rclone("lsd", "pg:").contains(bucket));
    }

    private static void write(Path file, long size) throws IOException {
        Files.createDirectories(file.getParent());
        try (InputStream in = Bodies.stream(size, size)) {
            Files.copy(in, file);
        }
    }

    private String rclone(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("rclone", "--config", dir.resolve("rclone.conf").toString()));
        command.addAll(List.of(args));
        return Commands.run(command, Map.of(
                "RCLONE_CONFIG_PG_TYPE", "s3",
                "RCLONE_CONFIG_PG_PROVIDER", "Other",
                "RCLONE_CONFIG_PG_ACCESS_KEY_ID", Stack.accessKey(),
                "RCLONE_CONFIG_PG_SECRET_ACCESS_KEY", Stack.secretKey(),
                "RCLONE_CONFIG_PG_ENDPOINT", Stack.s3Endpoint(1),
                "RCLONE_CONFIG_PG_REGION", "us-east-1",
                "RCLONE_CONFIG_PG_FORCE_PATH_STYLE", "true"),
                // rclone's AWS SDK refuses a custom CA bundle with its own HTTP transport; pgvs3 is plain HTTP here
                List.of("AWS_CA_BUNDLE"), dir);
    }
}
