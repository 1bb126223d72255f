package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/** Which local process holds a TCP socket, read from Linux's /proc (the tests' machines run Linux). */
final class SocketOwners {

    private SocketOwners() {
    }

    /** The candidate that owns a TCP socket bound to {@code localPort}, if one does. */
    static Optional<ProcessHandle> ownerOf(int localPort, List<ProcessHandle> candidates) throws IOException {
        Set<String> inodes = new HashSet<>();
        for (String table : List.of("/proc/net/tcp", "/proc/net/tcp6")) {
            Path path = Path.of(table);
            if (!Files.exists(path)) {
                continue;
            }
            List<String> lines = Files.readAllLines(path);
            for (String line : lines.subList(1, lines.size())) {
                String[] fields = line.trim().split("\\s+");
                String local = fields[1];
                if (Integer.parseInt(local.substring(local.indexOf(':') + 1), 16) == localPort) {
                    inodes.add("socket:[" + fields[9] + "]");
                }
            }
        }
        for (ProcessHandle candidate : candidates) {
            try (DirectoryStream<Path> fds = Files.newDirectoryStream(Path.of("/proc", String.valueOf(candidate.pid()), "fd"))) {
                for (Path fd : fds) {
                    try {
                        if (inodes.contains(Files.readSymbolicLink(fd).toString())) {
                            return Optional.of(candidate);
                        }
                    } catch (IOException e) {
                        // the descriptor closed while we looked
                    }
                }
            }
        }
        return Optional.empty();
    }
}
