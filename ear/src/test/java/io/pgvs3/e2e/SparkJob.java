package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A Spark program of the {@code lakehouse-jobs} module run in a JVM of its own, on the classpath that module
 * wrote ({@code lakehouse-jobs/target/jobs.classpath}): Spark 4's Hadoop, Parquet, Jackson and Netty never
 * meet the tests' (docs/adr/0047). Spark runs in local mode with a 1.5 GiB heap and the module options
 * Spark's own launcher gives JDK 17. Secrets reach it through the environment, never the command line. Its
 * {@code RESULT name=value} lines are the answer; its log is kept in {@code ear/target/spark/}.
 */
final class SparkJob {

    /** A guard against a hung job, far above what the jobs need on two cores. */
    private static final Duration DEADLINE = Duration.ofMinutes(20);
    /** What Spark's launcher (JavaModuleOptions) passes on JDK 17. */
    private static final List<String> MODULE_OPTIONS = List.of(
            "-XX:+IgnoreUnrecognizedVMOptions",
            "--add-opens=java.base/java.lang=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.invoke=ALL-UNNAMED",
            "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
            "--add-opens=java.base/java.io=ALL-UNNAMED",
            "--add-opens=java.base/java.net=ALL-UNNAMED",
            "--add-opens=java.base/java.nio=ALL-UNNAMED",
            "--add-opens=java.base/java.util=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
            "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
            "--add-opens=java.base/jdk.internal.ref=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
            "--add-opens=java.base/sun.nio.cs=ALL-UNNAMED",
            "--add-opens=java.base/sun.security.action=ALL-UNNAMED",
            "--add-opens=java.base/sun.util.calendar=ALL-UNNAMED",
            "-Djdk.reflect.useDirectMethodHandle=false",
            "-Dio.netty.tryReflectionSetAccessible=true");

    /** What a job printed: each name with its values in order. */
    record Results(Map<String, List<String>> values) {

        String one(String name) {
            List<String> all = all(name);
            if (all.size() != 1) {
                throw new IllegalStateException(name + " printed " + all.size() + " times: " + values);
            }
            return all.get(0);
        }

        long number(String name) {
            return Long.parseLong(one(name));
        }

        List<String> all(String name) {
            return values.getOrDefault(name, List.of());
        }
    }

    private SparkJob() {
    }

    /** Runs {@code io.pgvs3.lakehouse.<program>} with the stack's endpoint and keys of gateway {@code gateway}. */
    static Results run(String program, int gateway, String... args) throws IOException, InterruptedException {
        Path module = StackScript.repo().resolve("lakehouse-jobs/target");
        String classpath = module.resolve("classes") + ":" + Files.readString(module.resolve("jobs.classpath")).trim();
        List<String> command = new ArrayList<>(List.of(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-Xmx1536m"));
        command.addAll(MODULE_OPTIONS);
        command.addAll(List.of("-cp", classpath, "io.pgvs3.lakehouse." + program));
        command.addAll(List.of(args));
        Path logs = StackScript.repo().resolve("ear/target/spark");
        Files.createDirectories(logs);
        String name = program + "-" + System.currentTimeMillis();
        Path out = logs.resolve(name + ".out");
        Path log = logs.resolve(name + ".log");
        ProcessBuilder builder = new ProcessBuilder(command).redirectOutput(out.toFile()).redirectError(log.toFile());
        StackDatabase db = StackDatabase.get();
        builder.environment().putAll(Map.of(
                "PGVS3_S3_ENDPOINT", Stack.s3Endpoint(gateway),
                "PGVS3_ACCESS_KEY", Stack.accessKey(),
                "PGVS3_SECRET_KEY", Stack.secretKey(),
                "PGVS3_JDBC_URL", db.jdbcUrl(),
                "PGVS3_DB_USER", db.user(),
                "PGVS3_DB_PASSWORD", db.password()));
        Process process = builder.start();
        if (!process.waitFor(DEADLINE.toSeconds(), TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor();
            throw new IllegalStateException(program + " did not end within " + DEADLINE + "; log " + log);
        }
        if (process.exitValue() != 0) {
            List<String> lines = Files.readAllLines(log);
            throw new IllegalStateException(program + " exited with " + process.exitValue() + "; log " + log + ":\n"
                    + String.join("\n", lines.subList(Math.max(0, lines.size() - 80), lines.size())));
        }
        Map<String, List<String>> values = new LinkedHashMap<>();
        for (String line : Files.readAllLines(out)) {
            if (line.startsWith("RESULT ")) {
                int eq = line.indexOf('=');
                values.computeIfAbsent(line.substring("RESULT ".length(), eq), k -> new ArrayList<>())
                        .add(line.substring(eq + 1));
            }
        }
        return new Results(values);
    }
}
