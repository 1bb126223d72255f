package io.pgvs3.bench.targets;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class TargetsFileTest {
    private static final String RUN = """
            targets=pgvs3,floor,runtime-floor
            bucket=pgvs3-bench
            db.jdbcUrl=jdbc:postgresql://127.0.0.1:18432/postgres
            db.user=postgres
            db.password=secret
            db.pid=1200
            target.pgvs3.role=subject
            target.pgvs3.endpoint=http://127.0.0.1:11014
            target.pgvs3.accessKey=AK
            target.pgvs3.secretKey=SK
            target.pgvs3.pid=1234
            target.pgvs3.dbPid=1200
            target.floor.role=floor
            target.runtime-floor.role=runtime_floor
            target.runtime-floor.endpoint=http://127.0.0.1:11214
            target.runtime-floor.pid=1300
            target.runtime-floor.build=Open Liberty 25.0.0.12, runtime-floor.war
            """;

    @TempDir
    Path dir;

    private List<Target> targets(String text) throws IOException {
        Path file = dir.resolve("targets.properties");
        Files.writeString(file, text);
        return TargetsFile.read(file).targets();
    }

    @Test
    void theRuntimeFloorIsAPlainHttpTargetWithItsOwnRole() throws IOException {
        List<Target> targets = targets(RUN);
        assertInstanceOf(S3Target.class, targets.get(0));
        assertInstanceOf(SqlTarget.class, targets.get(1));
        assertEquals(new HttpTarget("runtime-floor", "127.0.0.1", 11214, 1300, "Open Liberty 25.0.0.12, runtime-floor.war"),
                targets.get(2));
        assertEquals(Role.RUNTIME_FLOOR, targets.get(2).role());
        assertEquals("127.0.0.1:11214", ((HttpTarget) targets.get(2)).hostHeader());
    }

    @Test
    void itsEndpointIsPlainHttpToAHostAndPort() {
        for (String bad : List.of("https://127.0.0.1:11214", "http://127.0.0.1", "http://127.0.0.1:11214/4k")) {
            assertThrows(IllegalArgumentException.class,
                    () -> targets(RUN.replace("http://127.0.0.1:11214", bad)), bad);
        }
        assertThrows(IllegalArgumentException.class,
                () -> targets(RUN.replace("target.runtime-floor.endpoint=http://127.0.0.1:11214\n", "")));
    }
}
