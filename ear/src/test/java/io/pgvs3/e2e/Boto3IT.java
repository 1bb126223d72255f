package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;

/**
 * boto3 (Python) as a second SDK: checksums on put and get, checksum mode, delete_objects. The script is
 * {@code e2e/boto3_checks.py}; {@code PGVS3_PYTHON} names the interpreter (default {@code python3}).
 */
@ExtendWith(Stack.class)
class Boto3IT {

    @TempDir
    Path dir;

    @Test
    void boto3ChecksumsAndDeleteObjects() throws Exception {
        Path script = dir.resolve("boto3_checks.py");
        try (InputStream in = Boto3IT.class.getResourceAsStream("/e2e/boto3_checks.py")) {
            Files.copy(in, script);
        }
        String python = System.getenv().getOrDefault("PGVS3_PYTHON", "python3");
        ProcessBuilder builder = new ProcessBuilder(List.of(python, script.toString())).redirectErrorStream(true);
        builder.environment().put("PGVS3_S3_ENDPOINT", Stack.s3Endpoint(0));
        builder.environment().put("PGVS3_S3_ENDPOINT_2", Stack.s3Endpoint(1));
        builder.environment().put("AWS_ACCESS_KEY_ID", Stack.accessKey());
        builder.environment().put("AWS_SECRET_ACCESS_KEY", Stack.secretKey());
        builder.environment().put("AWS_CONFIG_FILE", dir.resolve("none").toString());
        builder.environment().put("AWS_SHARED_CREDENTIALS_FILE", dir.resolve("none").toString());
        builder.environment().put("PGVS3_BUCKET", Clients.bucket("boto3"));
        Process process = builder.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(180, TimeUnit.SECONDS), "the boto3 script timed out");
        assertEquals(0, process.exitValue(), process.exitValue() == 3
                ? "boto3 is missing for " + python + ": install the Debian package python3-boto3 (.ci/run does) or"
                        + " point PGVS3_PYTHON at an interpreter that has it\n" + output
                : "the boto3 script failed:\n" + output);
        assertTrue(output.contains("boto3 checks passed"), output);
    }
}
