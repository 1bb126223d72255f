package io.pgvs3.s3.health;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * The TCP ports this process itself listens on, from Linux's /proc: a listening socket in
 * /proc/net/tcp(6) whose inode is one of this process's file descriptors. Connecting to the port would
 * prove nothing, since another process may be the one holding it (docs/adr/0031).
 */
final class OwnListeners {

    private static final Path OWN_FDS = Path.of("/proc/self/fd");
    private static final List<Path> TABLES = List.of(Path.of("/proc/net/tcp"), Path.of("/proc/net/tcp6"));
    private static final String LISTEN = "0A";

    private OwnListeners() {
    }

    /** The ports, or empty where /proc cannot tell (not Linux). */
    static Optional<Set<Integer>> ports() {
        if (!Files.isDirectory(OWN_FDS)) {
            return Optional.empty();
        }
        try {
            Set<String> inodes = socketInodes();
            Set<Integer> ports = new HashSet<>();
            for (Path table : TABLES) {
                if (Files.isReadable(table)) {
                    ports.addAll(listening(Files.readAllLines(table), inodes));
                }
            }
            return Optional.of(ports);
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * The local ports of the LISTEN rows of a /proc/net/tcp table whose inode is in {@code inodes}. Rows:
     * {@code sl local_address rem_address st tx_queue:rx_queue tr:tm->when retrnsmt uid timeout inode ...},
     * addresses as hex {@code ADDRESS:PORT}; the first line is a header.
     */
    static Set<Integer> listening(List<String> table, Set<String> inodes) {
        Set<Integer> ports = new HashSet<>();
        for (String row : table.subList(Math.min(1, table.size()), table.size())) {
            String[] fields = row.trim().split("\\s+");
            if (fields.length > 9 && LISTEN.equals(fields[3]) && inodes.contains(fields[9])) {
                String local = fields[1];
                ports.add(Integer.parseInt(local.substring(local.indexOf(':') + 1), 16));
            }
        }
        return ports;
    }

    private static Set<String> socketInodes() throws IOException {
        Set<String> inodes = new HashSet<>();
        try (DirectoryStream<Path> fds = Files.newDirectoryStream(OWN_FDS)) {
            for (Path fd : fds) {
                String target = target(fd);
                if (target.startsWith("socket:[")) {
                    inodes.add(target.substring("socket:[".length(), target.length() - 1));
                }
            }
        }
        return inodes;
    }

    /** A descriptor closed while the directory is read has no target; it is no listener either. */
    private static String target(Path fd) {
        try {
            return Files.readSymbolicLink(fd).toString();
        } catch (IOException e) {
            return "";
        }
    }
}
