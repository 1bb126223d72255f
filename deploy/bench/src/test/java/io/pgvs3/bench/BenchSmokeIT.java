package io.pgvs3.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import io.pgvs3.bench.report.Report;
import io.pgvs3.bench.report.ResultLine;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.stream.Collectors;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.Test;

/**
 * Proves the harness works end to end, never how fast anything is: {@code run.sh --smoke} against a real
 * gateway (the server the ear module built), the real S3Proxy peer, the floor and the runtime floor (a second
 * Liberty server of the same install), with its own state directory and ports; then every result line must
 * parse, every case must have succeeded calls on every target it ran on, and the table must set the gateway
 * beside the runtime floor.
 */
class BenchSmokeIT {
    private static final long TIMEOUT_SECONDS = 240;
    private static final Set<String> TARGETS = Set.of("pgvs3", "s3proxy", "floor", "runtime-floor");

    @Test
    void smokeRunMeasuresEveryTarget() throws Exception {
        Path repo = Path.of(System.getProperty("pgvs3.repo")).toRealPath();
        Path work = Path.of(System.getProperty("pgvs3.bench.work"));
        if (!Files.isDirectory(repo.resolve("ear/target/liberty/wlp/usr/servers/pgvs3/apps"))) {
            fail("no gateway build in ear/target/liberty: build the reactor (./mvnw verify), not this module alone");
        }
        Path out = work.resolve("out");
        Path log = work.resolve("run.log");
        Files.createDirectories(work);
        deleteResults(out);
        ScriptRun.succeed(new ProcessBuilder("bash", repo.resolve("deploy/bench/run.sh").toString(), "--smoke",
                "--port-offset", System.getProperty("pgvs3.bench.portOffset", "4000"),
                "--state", work.resolve("state").toString(), "--out", out.toString()), log, TIMEOUT_SECONDS);

        Map<String, Long> okByTargetAndCase = new TreeMap<>();
        for (ResultLine line : Report.read(out.resolve("results.ndjson"))) {
            okByTargetAndCase.merge(line.target() + " " + line.caseName(), line.ok(), Long::sum);
        }
        assertEquals(TARGETS, okByTargetAndCase.keySet().stream().map(k -> k.split(" ")[0])
                .collect(Collectors.toSet()), okByTargetAndCase::toString);
        okByTargetAndCase.forEach((k, ok) -> assertTrue(ok > 0, "no successful call for " + k));
        String table = Files.readString(out.resolve("results.md"));
        assertTrue(table.contains("| get-4k-w16 |"), table);
        assertTrue(table.contains("| floor-jaxrs-4k-w16 |"), table);
        assertTrue(table.contains("| floor-jaxrs-s3-4k-w16 |"), table);
        // get-4k-w16 once in the main table and once against each runtime floor (trivial and S3-shaped)
        assertEquals(3, table.split("\\| get-4k-w16 \\|", -1).length - 1, table);
        assertNotNull(ImageIO.read(out.resolve("results.png").toFile()), "results.png is not an image");
    }

    private static void deleteResults(Path out) throws IOException {
        for (String name : new String[] {"results.ndjson", "results.md", "results.png", "run.log"}) {
            Files.deleteIfExists(out.resolve(name));
        }
    }
}
