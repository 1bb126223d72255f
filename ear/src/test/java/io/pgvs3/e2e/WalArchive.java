package io.pgvs3.e2e;

import static io.pgvs3.e2e.BaseBackup.text;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;

/**
 * Continuous archiving of a server's WAL into a directory on this host, as docs/operations.md's
 * point-in-time restore runbook sets it up ({@code archive_command} copies each finished segment, never
 * over one already there), and the recovery settings that replay a {@link BaseBackup} from it up to a
 * named restore point.
 */
final class WalArchive {

    private static final Duration ARCHIVE_DEADLINE = Duration.ofSeconds(60);

    private final Path dir;

    private WalArchive(Path dir) {
        this.dir = dir;
    }

    /** An empty archive in {@code dir}, which must need no quoting in a shell command. */
    static WalArchive in(Path dir) throws IOException {
        if (!dir.toString().matches("[A-Za-z0-9/._+-]+")) {
            throw new IllegalArgumentException("the WAL archive's path needs quoting in archive_command: " + dir);
        }
        TempDirs.deleteRecursively(dir);
        Files.createDirectories(dir);
        return new WalArchive(dir);
    }

    /** Archiving on from the server's next start (archive_mode needs a restart). */
    void enable(Statement server) throws SQLException {
        server.execute("ALTER SYSTEM SET archive_mode = 'on'");
        server.execute("ALTER SYSTEM SET archive_command = 'test ! -f " + dir + "/%f && cp %p " + dir + "/%f'");
    }

    /**
     * Ends the current WAL segment and returns once the archiver has it, so that everything committed
     * before this call can be replayed from the archive.
     */
    void awaitArchived(Statement server) throws SQLException, InterruptedException {
        String segment = text(server, "SELECT pg_walfile_name(pg_switch_wal())");
        long deadline = System.nanoTime() + ARCHIVE_DEADLINE.toNanos();
        while (true) {
            String last = text(server, "SELECT coalesce(last_archived_wal, '') FROM pg_stat_archiver");
            if (last.compareTo(segment) >= 0) {
                return;
            }
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException("segment " + segment + " not archived within " + ARCHIVE_DEADLINE
                        + "; pg_stat_archiver: " + text(server, "SELECT row(a.*)::text FROM pg_stat_archiver a"));
            }
            Thread.sleep(100);
        }
    }

    /**
     * Makes {@code backup} replay this archive up to {@code restorePoint} (pg_create_restore_point) and then
     * become a primary of its own on a new timeline. The copy archives nothing: it inherited the source's
     * archive_command, and its new timeline must not mix into the source's archive.
     */
    void recoverTo(Path backup, String restorePoint) throws IOException {
        Files.writeString(backup.resolve("recovery.signal"), "");
        Files.writeString(backup.resolve("postgresql.auto.conf"), String.join("\n",
                "restore_command = 'cp " + dir + "/%f %p'",
                "recovery_target_name = '" + restorePoint + "'",
                "recovery_target_action = 'promote'",
                "archive_mode = 'off'", ""), StandardOpenOption.APPEND);
    }
}
