package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

/**
 * The Node.js clients of the suite: scripts in {@code ear/src/test/node} (packages pinned by its
 * package-lock.json; {@code .ci/run} runs {@code npm ci} there), Node.js from Debian's package. A script
 * takes a flow name and a bucket, reads the endpoint and credentials from the environment and exits
 * non-zero, saying why, when the flow fails.
 */
final class NodeScripts {

    private NodeScripts() {
    }

    static String run(String script, String flow, String bucket, int gateway) throws Exception {
        Commands.Result result = result(script, flow, bucket, gateway);
        assertEquals(0, result.exitCode(), script + " " + flow + " failed:\n" + result.output());
        return result.output();
    }

    static Commands.Result result(String script, String flow, String bucket, int gateway) throws Exception {
        return Commands.result(List.of("node", script, flow, bucket), Map.of(
                "PGVS3_S3_ENDPOINT", Stack.s3Endpoint(gateway),
                "PGVS3_ACCESS_KEY", Stack.accessKey(),
                "PGVS3_SECRET_KEY", Stack.secretKey()), List.of(), StackScript.repo().resolve("ear/src/test/node"));
    }
}
