package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The container image as an operator runs it: built by {@code deploy/container/build.sh} (Debian root
 * filesystem from mmdebstrap, minified Open Liberty, the built EAR), started with podman on the host
 * network as uid 1001 with a read-only root filesystem and a 1 GiB memory limit, its secrets from a
 * directory laid out like a Kubernetes secret volume, against the embedded PostgreSQL of a database-only
 * local stack; then an AWS CLI smoke flow.
 */
class ContainerImageIT {

    private static final Logger LOG = Logger.getLogger(ContainerImageIT.class.getName());
    // clear of the shared stack (shift 0) and OpsStack (shift 50, HTTPS on 28024 + 50)
    private static final int SHIFT = 70;
    private static final Duration READY_TIMEOUT = Duration.ofMinutes(3);

    @TempDir
    static Path dir;

    private static StackScript database;
    private static String container;

    @BeforeAll
    static void buildAndStart() throws Exception {
        assumeTrue(onPath("podman") && onPath("mmdebstrap"),
                "podman and mmdebstrap (Debian packages; .ci/run installs them) are needed to build and run the image");
        database = new StackScript("stack-image", SHIFT, 0, Map.of());
        database.startFresh();

        int offset = Integer.getInteger("pgvs3.e2e.portOffset", 0);
        String image = "localhost/pgvs3:e2e-" + offset;
        container = "pgvs3-e2e-" + offset;
        long start = System.nanoTime();
        run(List.of("bash", repo("deploy/container/build.sh").toString(), "--tag", image), Duration.ofMinutes(10));
        LOG.info(() -> "image " + image + " built in " + seconds(start) + " s");

        Path secrets = kubernetesSecretVolume(Map.of(
                "pgvs3.db.password", database.get("PGVS3_DB_PASSWORD"),
                "pgvs3.secret-key", database.get("PGVS3_SECRET_KEY")));
        podmanQuietly("rm", "-f", container);
        long started = System.nanoTime();
        // no --rm: the log of a container that exited early must still be there to show
        podman("run", "--detach", "--name", container, "--network", "host", "--memory", "1g",
                "--read-only", "--tmpfs", "/tmp:rw,exec,mode=1777", "--tmpfs", "/opt/ol/wlp/output:rw,mode=1777",
                "--volume", secrets + ":/etc/pgvs3/secrets:ro",
                "--env", "PGVS3_DB_URL=" + database.get("PGVS3_JDBC_URL"),
                "--env", "PGVS3_ACCESS_KEY=" + database.get("PGVS3_ACCESS_KEY"),
                // loopback only: the host network is shared, and plaintext is for loopback
                "--env", "PGVS3_S3_HOST=127.0.0.1", "--env", "PGVS3_ADMIN_HOST=127.0.0.1",
                "--env", "PGVS3_S3_PORT=" + s3Port(), "--env", "PGVS3_S3_PUBLIC_PORT=" + s3Port(),
                "--env", "PGVS3_ADMIN_PORT=" + adminPort(),
                image);
        awaitReady();
        LOG.info(() -> "container ready " + seconds(started) + " s after podman run");
    }

    @AfterAll
    static void stop() throws Exception {
        if (container != null) {
            podmanQuietly("rm", "--force", "--time", "30", container);
        }
        if (database != null) {
            database.down();
        }
    }

    @Test
    void runsAsNonRootWithEveryProbeUp() throws Exception {
        assertEquals("1001", podman("exec", container, "id", "-u").strip());
        for (String probe : List.of("live", "ready", "started")) {
            assertEquals(200, status("/health/" + probe), probe);
        }
    }

    @Test
    void logsItsConnectionBudgetAtStartup() throws Exception {
        // the image's default pools (20 + 16) against the embedded database's limits
        String log = podman("logs", container);
        assertTrue(log.contains("connection budget: this gateway's pools may open 38 connections"), log);
    }

    @Test
    void awsCliSmokeFlow() throws Exception {
        String bucket = Clients.bucket("image");
        Path upload = dir.resolve("upload.bin");
        try (var in = Bodies.stream(3 * 1024 * 1024 + 7, 60)) { // chunked storage, one PUT
            Files.copy(in, upload);
        }
        aws("s3", "mb", "s3://" + bucket);
        aws("s3", "cp", upload.toString(), "s3://" + bucket + "/dir/body.bin");
        String listing = aws("s3", "ls", "s3://" + bucket + "/dir/");
        assertTrue(listing.contains("body.bin") && listing.contains(String.valueOf(Files.size(upload))), listing);
        Path download = dir.resolve("download.bin");
        aws("s3", "cp", "s3://" + bucket + "/dir/body.bin", download.toString());
        assertEquals(-1L, Files.mismatch(upload, download), "downloaded bytes differ");
        aws("s3", "rm", "s3://" + bucket + "/dir/body.bin");
        aws("s3", "rb", "s3://" + bucket);
    }

    private static int s3Port() {
        return database.port(28014);
    }

    private static int adminPort() {
        return database.port(29080);
    }

    private static void awaitReady() throws Exception {
        long deadline = System.nanoTime() + READY_TIMEOUT.toNanos();
        int last = 0;
        while (System.nanoTime() < deadline) {
            last = status("/health/ready");
            if (last == 200) {
                return;
            }
            if (!"running".equals(podman("inspect", "--format", "{{.State.Status}}", container).strip())) {
                fail("the container exited before it was ready; log:\n" + logs());
            }
            Thread.sleep(500);
        }
        fail("not ready within " + READY_TIMEOUT + " (last status " + last + "); log:\n" + logs());
    }

    private static int status(String path) throws IOException, InterruptedException {
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + adminPort() + path))
                .timeout(Duration.ofSeconds(5)).build();
        try {
            return http.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
        } catch (IOException e) {
            return 0; // not listening yet
        }
    }

    private String aws(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("aws", "--endpoint-url", "http://127.0.0.1:" + s3Port(),
                "--region", "us-east-1", "--output", "json"));
        command.addAll(List.of(args));
        Files.writeString(dir.resolve("aws-config"), "[default]\ns3 =\n    addressing_style = path\n");
        return Commands.run(command, Map.of(
                "AWS_ACCESS_KEY_ID", database.get("PGVS3_ACCESS_KEY"),
                "AWS_SECRET_ACCESS_KEY", database.get("PGVS3_SECRET_KEY"),
                "AWS_CONFIG_FILE", dir.resolve("aws-config").toString(),
                "AWS_SHARED_CREDENTIALS_FILE", dir.resolve("aws-credentials").toString(),
                "AWS_PAGER", ""), dir);
    }

    private static String podman(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("podman"));
        command.addAll(List.of(args));
        return run(command, Duration.ofMinutes(2));
    }

    /** Runs podman and returns its exit code; for clean-ups and checks whose failure is an answer. */
    private static int podmanQuietly(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of("podman"));
        command.addAll(List.of(args));
        Process process = builder(command).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        if (!process.waitFor(60, TimeUnit.SECONDS)) {
            process.destroyForcibly();
            return -1;
        }
        return process.exitValue();
    }

    private static String logs() throws IOException, InterruptedException {
        return run(List.of("podman", "logs", "--tail", "60", container), Duration.ofSeconds(30));
    }

    /** Output goes to a file, so that a command that hangs is still stopped at its timeout. */
    private static String run(List<String> command, Duration timeout) throws IOException, InterruptedException {
        Path log = Files.createTempFile(dir, "command", ".log");
        Process process = builder(command).redirectOutput(log.toFile()).start();
        boolean done = process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS);
        if (!done) {
            process.destroyForcibly();
        }
        String output = Files.readString(log);
        assertTrue(done, String.join(" ", command) + " timed out after " + timeout + ":\n" + output);
        assertEquals(0, process.exitValue(), String.join(" ", command) + " failed:\n" + output);
        return output;
    }

    /** podman reads the settings this machine kind needs (runc, cgroupfs, no default ulimits) from this file. */
    private static ProcessBuilder builder(List<String> command) {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true)
                .directory(StackScript.repo().toFile());
        builder.environment().put("CONTAINERS_CONF", repo("deploy/container/containers.conf").toString());
        return builder;
    }

    /**
     * A directory laid out the way the kubelet mounts a secret volume: the files in a hidden timestamped
     * directory, a {@code ..data} link to it and one link per key (what the Deployment gives the image),
     * readable by the gateway's group 0 (defaultMode 0440 there).
     */
    private static Path kubernetesSecretVolume(Map<String, String> files) throws IOException {
        Path volume = Files.createDirectories(dir.resolve("secrets"));
        Path data = Files.createDirectory(volume.resolve("..2026_12_01_00_00_00.000000001"));
        Files.createSymbolicLink(volume.resolve("..data"), data.getFileName());
        for (Map.Entry<String, String> file : files.entrySet()) {
            Path target = data.resolve(file.getKey());
            Files.writeString(target, file.getValue());
            Files.setPosixFilePermissions(target, PosixFilePermissions.fromString("r--r-----"));
            Files.createSymbolicLink(volume.resolve(file.getKey()), Path.of("..data", file.getKey()));
        }
        return volume;
    }

    private static Path repo(String path) {
        return StackScript.repo().resolve(path);
    }

    private static boolean onPath(String tool) {
        return Stream.of(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(entry -> Files.isExecutable(Path.of(entry, tool)));
    }

    private static long seconds(long startNanos) {
        return Duration.ofNanos(System.nanoTime() - startNanos).toSeconds();
    }
}
