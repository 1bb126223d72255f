package io.pgvs3.store.copy;

import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.sql.LongStatement;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;

/**
 * Copies whole files from one namespace's chunks into another's under new file ids, inside PostgreSQL:
 * one {@code INSERT ... SELECT}, the rows are never decoded and never pass through the gateway. Stored
 * rows are self-contained blocks, so a whole file copies as it is. The number of rows copied is checked,
 * so a source file reaped meanwhile fails the copy instead of producing a short one.
 */
public final class FileCloner {

    private static final String NEW_FILE_IDS = "SELECT nextval('pgvs3.file_ids') FROM generate_series(1, ?)";
    private static final String COPY_ROWS = """
            INSERT INTO %2$s.chunks (file_id, no, data)
            SELECT m.new_id, c.no, c.data
              FROM unnest(?::int8[], ?::int8[]) AS m(old_id, new_id)
              JOIN %1$s.chunks c ON c.file_id = m.old_id""";

    /**
     * The copy runs in the server without a byte on the socket, longer the larger the files: it may take
     * a minute plus a second per {@value #MIN_BYTES_PER_SECOND} bytes (docs/adr/0033), not the chunk
     * pool's statement and socket timeouts.
     */
    static final long MIN_BYTES_PER_SECOND = 8L << 20;
    private static final Duration COPY_FLOOR = Duration.ofMinutes(1);

    private FileCloner() {
    }

    /** The object with each of its files copied into {@code target} (inline bodies need no copy). */
    static StoredObject cloneInto(Connection c, StoredObject source, Namespace target) throws SQLException {
        List<long[]> files = source.filesWithSizes();
        if (files.isEmpty()) {
            return source.withFiles(target, null, null);
        }
        Long[] copies = cloneFiles(c, source.namespace(), target, files);
        return source.withFiles(target, copies[0], source.parts() == null ? null : copies);
    }

    /** Copies one file of {@code size} bytes; returns its new id. */
    public static long cloneFile(Connection c, Namespace from, Namespace to, long fileId, long size)
            throws SQLException {
        return cloneFiles(c, from, to, List.of(new long[] {fileId, size}))[0];
    }

    /** Copies each {@code {fileId, size}}; returns the new ids in the same order. */
    private static Long[] cloneFiles(Connection c, Namespace from, Namespace to, List<long[]> files)
            throws SQLException {
        Long[] oldIds = new Long[files.size()];
        Long[] newIds = new Long[files.size()];
        long expectedRows = 0;
        long bytes = 0;
        try (PreparedStatement ps = c.prepareStatement(NEW_FILE_IDS)) {
            ps.setInt(1, files.size());
            try (ResultSet rs = ps.executeQuery()) {
                for (int i = 0; i < files.size(); i++) {
                    rs.next();
                    newIds[i] = rs.getLong(1);
                    oldIds[i] = files.get(i)[0];
                    expectedRows += StoredObject.rows(files.get(i)[1]);
                    bytes += files.get(i)[1];
                }
            }
        }
        try (PreparedStatement ps = c.prepareStatement(String.format(COPY_ROWS, from.schema(), to.schema()))) {
            ps.setArray(1, c.createArrayOf("int8", oldIds));
            ps.setArray(2, c.createArrayOf("int8", newIds));
            long copied = LongStatement.within(c, limitFor(bytes), tx -> ps.executeLargeUpdate());
            if (copied != expectedRows) {
                throw new SQLException("copied " + copied + " chunk rows of files " + java.util.Arrays.toString(oldIds)
                        + ", expected " + expectedRows + "; the source changed or was reaped", "55000");
            }
        }
        return newIds;
    }

    static Duration limitFor(long bytes) {
        return COPY_FLOOR.plusSeconds(bytes / MIN_BYTES_PER_SECOND);
    }
}
