package io.pgvs3.bench.sol;

import io.pgvs3.bench.targets.SqlTarget;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The read floor: a byte range of a file read in spans of {@link #ROWS_PER_SPAN} rows, one statement
 * per span, on one or more connections at once, each assembling its span into its own 256 KiB buffer
 * (what a server would hand to the response). Connections take the next span as they finish one, so
 * a slow one holds up nothing.
 */
final class RowReads implements AutoCloseable {
    static final int BUFFER = 256 * 1024;
    /** The most whole rows one 256 KiB buffer holds (32 rows, 259,840 bytes). */
    static final int ROWS_PER_SPAN = BUFFER / ChunkTable.BLOCK;

    private final List<Connection> connections = new ArrayList<>();
    /** Per connection, a reader of each variant: statements stay prepared across calls, as in a pool. */
    private final List<Map<ReadVariant, ReadVariant.Reader>> readers = new ArrayList<>();
    private final ExecutorService executor;

    RowReads(SqlTarget db, int connections) throws SQLException {
        for (int i = 0; i < connections; i++) {
            Connection c = ChunkTable.connect(db);
            this.connections.add(c);
            Map<ReadVariant, ReadVariant.Reader> mine = new EnumMap<>(ReadVariant.class);
            for (ReadVariant v : ReadVariant.values()) {
                mine.put(v, v.open(c));
            }
            readers.add(mine);
        }
        executor = Executors.newFixedThreadPool(connections, r -> {
            Thread t = new Thread(r, "bench-row-read");
            t.setDaemon(true);
            return t;
        });
    }

    int connections() {
        return connections.size();
    }

    /** Reads bytes [first, first + length) of file {@code fileId} with {@code variant}; returns length. */
    long read(ReadVariant variant, long fileId, long first, long length) throws Exception {
        int firstRow = (int) (first / ChunkTable.BLOCK);
        int lastRow = (int) ((first + length - 1) / ChunkTable.BLOCK);
        long spans = (lastRow - firstRow) / ROWS_PER_SPAN + 1;
        AtomicLong next = new AtomicLong();
        List<Future<?>> futures = new ArrayList<>();
        for (Map<ReadVariant, ReadVariant.Reader> mine : readers) {
            futures.add(executor.submit(() -> {
                ReadVariant.Reader reader = mine.get(variant);
                byte[] buffer = new byte[BUFFER];
                for (long k = next.getAndIncrement(); k < spans; k = next.getAndIncrement()) {
                    int from = (int) (firstRow + k * ROWS_PER_SPAN);
                    int to = Math.min(lastRow, from + ROWS_PER_SPAN - 1);
                    int rows = reader.read(fileId, from, to, buffer);
                    if (rows != to - from + 1) {
                        throw new SQLException("rows " + from + ".." + to + " of file " + fileId + ": " + rows + " came");
                    }
                }
                return null;
            }));
        }
        for (Future<?> f : futures) {
            f.get();
        }
        return length;
    }

    @Override
    public void close() {
        executor.shutdownNow();
        for (Connection c : connections) {
            try {
                c.close();
            } catch (SQLException e) {
                // the run is over; a failed close changes no result
            }
        }
    }
}
