package io.pgvs3.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Proves {@code resp-bench.sh} works end to end, never how fast anything is: against a stack of its own (the
 * server the ear module built) and the two redis-servers the script starts, every case it is given must have a
 * row for each target with a rate above zero, and its summary must carry the machine's idle setting and, when
 * GET P1 c1 ran, the floor's ratio.
 */
class RespBenchSmokeIT {
    private static final long STACK_SECONDS = 300;
    private static final long BENCH_SECONDS = 240;
    /** A run of 2,000 requests takes a second or two: one that takes a minute is a hung bridge, reported with its threads. */
    private static final long CALL_SECONDS = 60;
    private static final Set<String> TARGETS = Set.of("bridge", "memory", "aof");

    private static Path repo;
    private static Path work;
    private static Map<String, String> stackEnv;

    @BeforeAll
    static void stackUp() throws Exception {
        repo = Path.of(System.getProperty("pgvs3.repo")).toRealPath();
        work = Path.of(System.getProperty("pgvs3.bench.work")).resolve("resp");
        if (!Files.isDirectory(repo.resolve("ear/target/liberty/wlp/usr/servers/pgvs3/apps"))) {
            fail("no gateway build in ear/target/liberty: build the reactor (./mvnw verify), not this module alone");
        }
        Files.createDirectories(work);
        int offset = Integer.parseInt(System.getProperty("pgvs3.bench.portOffset", "4000")) + 100;
        stackEnv = Map.of("PGVS3_STACK_DIR", work.resolve("stack").toString(),
                "PGVS3_STACK_PG_PORT", String.valueOf(15432 + offset),
                "PGVS3_STACK_S3_PORT", String.valueOf(8014 + offset),
                "PGVS3_STACK_ADMIN_PORT", String.valueOf(9080 + offset),
                "PGVS3_STACK_RESP_PORT", String.valueOf(6380 + offset));
        ScriptRun.succeed(stack("up"), work.resolve("stack-up.log"), STACK_SECONDS);
    }

    @AfterAll
    static void stackDown() throws Exception {
        if (stackEnv != null) {
            ScriptRun.succeed(stack("down"), work.resolve("stack-down.log"), STACK_SECONDS);
        }
    }

    @Test
    void everyCaseRunsOnEveryTargetWithTheFloor() throws Exception {
        List<String> rows = bench("get:1:1 set:16:1", "all");
        assertCases(rows, Set.of("get,1,1", "set,16,1"));
        String summary = Files.readString(work.resolve("bench-all.log"));
        assertTrue(summary.contains("cpuidle: driver "), summary);
        assertTrue(summary.matches("(?s).*warm-up get P1 c1: [23] passes, the last of 2000 requests, best [1-9][0-9]* req/s.*"), summary);
        assertTrue(summary.contains("| GET | 1 | 1 |") && summary.contains("| SET | 16 | 1 |"), summary);
        assertTrue(summary.contains("GET P1 c1 p50 ÷ PgJDBC primary-key SELECT loop p50:"), summary);
    }

    @Test
    void casesWithoutGetAtPipelineOneHaveNoFloorRatio() throws Exception {
        List<String> rows = bench("get:16:1", "p16");
        assertCases(rows, Set.of("get,16,1"));
        String summary = Files.readString(work.resolve("bench-p16.log"));
        assertTrue(summary.contains("| GET | 16 | 1 |"), summary);
        assertFalse(summary.contains("SELECT loop p50"), summary);
    }

    /** Runs resp-bench.sh on {@code cases}, a warm-up and one trial of 2,000 requests a case; returns its CSV rows. */
    private static List<String> bench(String cases, String name) throws Exception {
        Path csv = work.resolve("bench-" + name + ".csv");
        ProcessBuilder bench = new ProcessBuilder("bash", "-c",
                "eval \"$(deploy/local/stack.sh env)\" && exec deploy/bench/resp-bench.sh 2000").directory(repo.toFile());
        bench.environment().putAll(stackEnv);
        bench.environment().putAll(Map.of("PGVS3_BENCH_TRIALS", "1", "PGVS3_BENCH_WARMUP", "2000", "PGVS3_BENCH_WARMUP_PASSES", "3",
                "PGVS3_BENCH_CALL_SECONDS", String.valueOf(CALL_SECONDS),
                "PGVS3_BENCH_CASES", cases,
                "PGVS3_BENCH_OUT", csv.toString()));
        ScriptRun.succeed(bench, work.resolve("bench-" + name + ".log"), BENCH_SECONDS);
        List<String> lines = Files.readAllLines(csv);
        assertEquals("trial,test,P,c,n,target,rps,p50_ms,gateway_cpu_s,pg_cpu_s", lines.get(0));
        return lines.subList(1, lines.size());
    }

    /** Each case has one row per target, with a rate above zero; the floor has its row too. */
    private static void assertCases(List<String> rows, Set<String> cases) {
        Map<String, Double> rateByCaseAndTarget = new TreeMap<>();
        for (String row : rows) {
            String[] f = row.split(",", -1);
            if (f[5].equals("floor")) {
                assertTrue(Double.parseDouble(f[7]) > 0, row);
                continue;
            }
            rateByCaseAndTarget.put(f[1] + "," + f[2] + "," + f[3] + " " + f[5], Double.parseDouble(f[6]));
        }
        assertEquals(cases.size() * TARGETS.size(), rateByCaseAndTarget.size(), rateByCaseAndTarget::toString);
        for (String c : cases) {
            for (String t : TARGETS) {
                Double rate = rateByCaseAndTarget.get(c + " " + t);
                assertTrue(rate != null && rate > 0, "no rate for " + c + " on " + t + ": " + rateByCaseAndTarget);
            }
        }
        assertTrue(rows.stream().anyMatch(r -> r.contains(",floor,")), "no floor row: " + rows);
    }

    private static ProcessBuilder stack(String command) {
        ProcessBuilder stack = new ProcessBuilder("bash", repo.resolve("deploy/local/stack.sh").toString(), command)
                .directory(repo.toFile());
        stack.environment().putAll(stackEnv);
        return stack;
    }
}
