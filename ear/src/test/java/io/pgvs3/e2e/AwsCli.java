package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The AWS CLI as users run it against a gateway of the shared stack: path-style addressing, JSON output,
 * the stack's keys, and a configuration of its own in {@code dir} (never the user's).
 */
final class AwsCli {

    private final Path dir;

    AwsCli(Path dir) {
        this.dir = dir;
    }

    /** Runs {@code aws ARGS} against gateway {@code gateway}; returns its output, fails the test on a non-zero exit. */
    String run(int gateway, String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("aws", "--endpoint-url", Stack.s3Endpoint(gateway),
                "--region", "us-east-1", "--output", "json"));
        command.addAll(List.of(args));
        Files.writeString(dir.resolve("aws-config"), "[default]\ns3 =\n    addressing_style = path\n");
        return Commands.run(command, Map.of(
                "AWS_ACCESS_KEY_ID", Stack.accessKey(),
                "AWS_SECRET_ACCESS_KEY", Stack.secretKey(),
                "AWS_CONFIG_FILE", dir.resolve("aws-config").toString(),
                "AWS_SHARED_CREDENTIALS_FILE", dir.resolve("aws-credentials").toString(),
                "AWS_PAGER", ""), dir);
    }
}
