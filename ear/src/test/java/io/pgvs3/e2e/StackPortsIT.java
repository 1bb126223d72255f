package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** {@code stack.sh up} with one of its ports taken fails clearly and leaves nothing of its state dir running. */
class StackPortsIT {

    private static final int SHIFT = 90;
    private final StackScript script = new StackScript("stack-ports", SHIFT, 1, Map.of());

    @AfterEach
    void stop() throws Exception {
        script.down();
    }

    @Test
    void aTakenGatewayPortStartsNothing() throws Exception {
        script.reset();
        int admin = script.port(29080);
        StackScript.Outcome up;
        try (ServerSocket holder = new ServerSocket()) {
            holder.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), admin));
            up = script.attempt(600, "up", "--gateways", "1");
        }
        assertNotEquals(0, up.exitCode(), up.stderr());
        assertTrue(up.stderr().contains("port " + admin + " (admin of gateway 1) is already in use"), up.stderr());
        String state = script.stateDir().toString();
        List<String> running = ProcessHandle.allProcesses()
                .filter(p -> p.info().commandLine().orElse("").contains(state) || workingDirectory(p).startsWith(state))
                .map(p -> p.pid() + " " + p.info().commandLine().orElse("")).toList();
        assertTrue(running.isEmpty(), "still running: " + running);
        assertFalse(Files.exists(script.stateDir().resolve("pgdata/postmaster.pid")), "PostgreSQL runs");
        assertFalse(Files.exists(script.stateDir().resolve("postgres.pid")), "the database launcher runs");
    }

    /** Liberty's command line names its install, not the state dir; its working directory is in it. */
    private static String workingDirectory(ProcessHandle process) {
        try {
            return Files.readSymbolicLink(Path.of("/proc/" + process.pid() + "/cwd")).toString();
        } catch (IOException | UnsupportedOperationException e) {
            return "";
        }
    }
}
