package io.pgvs3.e2e;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.Set;
import java.util.stream.Stream;

/**
 * PostgreSQL's documented low-level base backup of a running server on this host: pg_backup_start, a copy
 * of its data directory, pg_backup_stop's backup_label. The embedded distribution has no pg_basebackup
 * (only initdb, pg_ctl and postgres), and this is what pg_basebackup does on the server's side. The copy has
 * an empty pg_wal: whoever starts it brings the WAL, by streaming (a standby) or from an archive (a
 * point-in-time restore).
 */
final class BaseBackup {

    /** Server state a copy must not take along. */
    private static final Set<String> NOT_COPIED = Set.of("postmaster.pid", "postmaster.opts");
    private static final Set<String> EMPTIED = Set.of("pg_wal", "pg_replslot");

    private BaseBackup() {
    }

    /**
     * Backs up the server {@code primary} is connected to into {@code target} (a postmaster left there by a
     * killed test JVM is stopped, the directory emptied first) and returns the directory of the server's
     * binaries, which the copy must be started with.
     */
    static Path take(Statement primary, String label, Path target) throws IOException, SQLException, InterruptedException {
        stopLeftover(target);
        TempDirs.deleteRecursively(target);
        Path binaries = Path.of(text(primary, "SELECT setting FROM pg_config WHERE name = 'BINDIR'"));
        Path data = Path.of(text(primary, "SHOW data_directory"));
        primary.execute("SELECT pg_backup_start('" + label + "', true)");
        copyDataDirectory(data, target);
        Files.writeString(target.resolve("backup_label"), text(primary, "SELECT labelfile FROM pg_backup_stop(false)"));
        return binaries;
    }

    /** The one value a query answers. */
    static String text(Statement s, String sql) throws SQLException {
        try (ResultSet rs = s.executeQuery(sql)) {
            rs.next();
            return rs.getString(1);
        }
    }

    /** Files may come and go while the primary runs; the backup label makes the copy consistent on replay. */
    private static void copyDataDirectory(Path from, Path to) throws IOException {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : paths.toList()) {
                Path relative = from.relativize(path);
                if (relative.getNameCount() > 0 && skipped(relative)) {
                    continue;
                }
                Path target = to.resolve(relative.toString());
                try {
                    if (Files.isDirectory(path)) {
                        Files.createDirectories(target);
                    } else {
                        Files.copy(path, target, StandardCopyOption.COPY_ATTRIBUTES);
                    }
                } catch (NoSuchFileException vanished) {
                    // a temporary file removed during the copy: PostgreSQL's backup rules allow that
                }
            }
        }
        Files.setPosixFilePermissions(to, PosixFilePermissions.fromString("rwx------"));
    }

    private static boolean skipped(Path relative) {
        String first = relative.getName(0).toString();
        return (relative.getNameCount() == 1 && NOT_COPIED.contains(first))
                || (relative.getNameCount() > 1 && EMPTIED.contains(first));
    }

    /** A postmaster left by a killed test JVM still holds the port and the directory. */
    private static void stopLeftover(Path dataDir) throws IOException {
        Path pidFile = dataDir.resolve("postmaster.pid");
        if (!Files.exists(pidFile)) {
            return;
        }
        long pid = Long.parseLong(Files.readAllLines(pidFile).get(0).trim());
        var leftover = ProcessHandle.of(pid).filter(p -> p.info().command().orElse("").endsWith("postgres"));
        if (leftover.isPresent()) {
            leftover.get().destroyForcibly();
            leftover.get().onExit().join();
        }
    }
}
