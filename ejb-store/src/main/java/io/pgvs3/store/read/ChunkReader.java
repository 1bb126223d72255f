package io.pgvs3.store.read;

import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.PiecePlan.FileSpan;
import io.pgvs3.store.read.PiecePlan.Piece;
import io.pgvs3.store.sql.FileLocks;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.Transactions;
import java.io.IOException;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.List;
import java.util.logging.Logger;
import javax.sql.DataSource;
import org.postgresql.PGConnection;
import org.postgresql.PGStatement;

/**
 * Reads pieces of chunked files from the chunk pool. A piece is one query whose rows are placed into
 * the piece's buffer by their number: the bitmap heap scans of the chunk pool return rows in page
 * order, and a sort of megabytes of rows would spill to disk, so the query has no ORDER BY. Every
 * expected row must arrive with its exact length; otherwise the read fails with an IOException before
 * any byte of the piece is written.
 */
final class ChunkReader {

    private static final Logger LOG = Logger.getLogger(ChunkReader.class.getName());

    private static final String ROWS = "SELECT no, data FROM %s.chunks WHERE file_id = ? AND no BETWEEN ? AND ?";
    /** The rows of many short pieces, each tagged with its piece's place in the arrays (from 1). */
    private static final String ROWS_OF_PIECES = "SELECT p.i::int4, c.no, c.data"
            + " FROM unnest(?::int8[], ?::int4[], ?::int4[]) WITH ORDINALITY AS p(file_id, first_no, last_no, i)"
            + " JOIN %s.chunks c ON c.file_id = p.file_id AND c.no BETWEEN p.first_no AND p.last_no";
    /**
     * COPY takes no parameters, so a piece's statement ends with its numbers: this head (per schema, from
     * {@link Namespace#sql}), then {@code fileId AND no BETWEEN first AND last} and {@link #COPY_ROWS_TAIL}.
     */
    private static final String COPY_ROWS_HEAD = "COPY (SELECT no, data FROM %s.chunks WHERE file_id = ";
    private static final String COPY_ROWS_TAIL = ") TO STDOUT (FORMAT binary)";

    /** A piece of {@link #fetchAll}: its bytes, or why it alone failed (rows missing or malformed). */
    record Fetched(byte[] bytes, IOException failure) {
    }

    /** Where a piece's rows go, each at its offset within the piece. */
    interface PieceTarget {
        void put(int at, byte[] src, int off, int len);
    }

    private final DataSource chunk;

    ChunkReader(DataSource chunk) {
        this.chunk = chunk;
    }

    /**
     * One piece in one autocommit query: a single statement sees one snapshot, so it needs neither a
     * transaction nor a pin, and the connection goes back to the pool before the bytes are written. A
     * session the pool lent dead is replaced once ({@link ReadRetry}): rows a failed attempt placed are
     * placed again, with the same bytes.
     */
    void fetch(Namespace ns, Piece piece, PieceTarget target) throws IOException, SQLException {
        ReadRetry.run(chunk, piece, target, (c, p, t) -> {
            copy(autocommit(c), ns, p, t);
            return null;
        });
    }

    /**
     * One piece in a transaction that imports {@code snapshot}: the same query, seeing what the read's
     * lead transaction saw. A dead pooled session is replaced once, as for an autocommit piece.
     */
    void fetch(Namespace ns, Piece piece, PieceTarget target, SharedSnapshot snapshot) throws IOException, SQLException {
        ReadRetry.run(chunk, piece, target, (c, p, t) -> {
            return Transactions.inTransaction(c, p, t, (tx, inPiece, inTarget) -> {
                snapshot.enter(tx);
                copy(tx, ns, inPiece, inTarget);
                return null;
            });
        });
    }

    /** Opens the lead transaction of a read the window fetches in parallel from one snapshot. */
    SharedSnapshot exportSnapshot(Namespace ns, List<FileSpan> spans) throws SQLException {
        return SharedSnapshot.export(chunk, ns, spans.stream().mapToLong(FileSpan::fileId).distinct().toArray());
    }

    /** {@link #fetch(Namespace, Piece, PieceTarget)} into a new array. */
    byte[] fetch(Namespace ns, Piece piece) throws IOException, SQLException {
        return ReadRetry.run(chunk, ns, piece, (c, n, p) -> fetchArray(autocommit(c), n, p));
    }

    /**
     * Short pieces of many reads in one autocommit query, in their order: each its bytes, or the failure it
     * would have met alone. A session the pool lent dead is replaced once.
     */
    Fetched[] fetchAll(Namespace ns, List<Piece> pieces) throws SQLException {
        return ReadRetry.run(chunk, ns, pieces, (c, n, p) -> fetchAll(autocommit(c), n, p));
    }

    private static Connection autocommit(Connection c) throws SQLException {
        if (!c.getAutoCommit()) {
            c.setAutoCommit(true);
        }
        return c;
    }

    /**
     * Streams the spans in one read-only REPEATABLE READ transaction, one piece after the other, for a
     * reader without a window (a part copy's source) and for a window on a standby (on a primary the
     * window's fallback is {@link SharedSnapshot}).
     * The transaction pins the files (transaction-scoped); a pin that loses to a reaper deleting a file
     * right now still reads every row that reaper has not committed deleting, because the pin query also
     * takes the snapshot.
     */
    void readInSnapshot(Namespace ns, List<FileSpan> spans, OutputStream out) throws IOException, SQLException {
        boolean[] wrote = {false};
        try {
            readInSnapshotOnce(ns, spans, out, wrote);
        } catch (SQLException e) {
            if (wrote[0] || !ReadRetry.isDeadSession(e)) {
                throw e;
            }
            // the pool lent a session that had died since its last use (a terminated backend, a recovery
            // conflict); nothing was written, so a new session reads the same span
            LOG.fine(() -> "a pooled session was dead (" + e.getMessage() + "); reading on another");
            readInSnapshotOnce(ns, spans, out, wrote);
        }
    }

    private void readInSnapshotOnce(Namespace ns, List<FileSpan> spans, OutputStream out, boolean[] wrote)
            throws IOException, SQLException {
        try (Connection c = chunk.getConnection()) {
            Transactions.inSnapshot(c, ns, spans, (tx, n, sp) -> {
                long[] files = spans.stream().mapToLong(FileSpan::fileId).distinct().toArray();
                if (!FileLocks.tryPinShared(tx, ns.id(), files)) {
                    LOG.fine(() -> "a file of " + ns.schema() + " is being reaped; reading from the snapshot");
                }
                for (FileSpan span : spans) {
                    for (Piece piece : PiecePlan.of(List.of(span), PiecePlan.MIN_PIECE)) {
                        byte[] bytes = fetchArray(tx, ns, piece);
                        wrote[0] = true;
                        out.write(bytes);
                    }
                }
                return null;
            });
        }
    }

    private static byte[] fetchArray(Connection c, Namespace ns, Piece piece) throws IOException, SQLException {
        byte[] bytes = new byte[piece.bytes()];
        fetch(c, ns, piece, (at, src, off, len) -> System.arraycopy(src, off, bytes, at, len));
        return bytes;
    }

    /** A short piece: one prepared statement (no parse or plan per call), results in binary form. */
    private static void fetch(Connection c, Namespace ns, Piece piece, PieceTarget out)
            throws IOException, SQLException {
        try (PreparedStatement ps = c.prepareStatement(ns.sql(ROWS)); RowPlacer rows = new RowPlacer(piece, out)) {
            // binary results from the first execution: bytea in text form is hex, twice the bytes to
            // receive and decode (PgJDBC switches to binary only once a statement is server-prepared)
            ps.unwrap(PGStatement.class).setPrepareThreshold(-1);
            ps.setLong(1, piece.fileId());
            ps.setInt(2, Math.toIntExact(piece.firstRow()));
            ps.setInt(3, Math.toIntExact(piece.lastRow()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    byte[] stored = rs.getBytes(2);
                    rows.place(rs.getInt(1), stored, 0, stored.length);
                }
            }
            rows.requireAll();
        }
    }

    private static Fetched[] fetchAll(Connection c, Namespace ns, List<Piece> pieces) throws SQLException {
        int count = pieces.size();
        long[] files = new long[count];
        int[] firstRows = new int[count];
        int[] lastRows = new int[count];
        byte[][] bytes = new byte[count][];
        IOException[] failures = new IOException[count];
        RowPlacer[] placers = new RowPlacer[count];
        try {
            for (int i = 0; i < count; i++) {
                Piece piece = pieces.get(i);
                files[i] = piece.fileId();
                firstRows[i] = Math.toIntExact(piece.firstRow());
                lastRows[i] = Math.toIntExact(piece.lastRow());
                byte[] into = new byte[piece.bytes()];
                bytes[i] = into;
                placers[i] = new RowPlacer(piece, (at, src, off, len) -> System.arraycopy(src, off, into, at, len));
            }
            try (PreparedStatement ps = c.prepareStatement(ns.sql(ROWS_OF_PIECES))) {
                ps.unwrap(PGStatement.class).setPrepareThreshold(-1); // binary bytea from the first execution
                ps.setObject(1, files);
                ps.setObject(2, firstRows);
                ps.setObject(3, lastRows);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        place(rs, placers, failures);
                    }
                }
            }
            Fetched[] fetched = new Fetched[count];
            for (int i = 0; i < count; i++) {
                if (failures[i] == null) {
                    try {
                        placers[i].requireAll();
                    } catch (IOException e) {
                        failures[i] = e;
                    }
                }
                fetched[i] = failures[i] == null ? new Fetched(bytes[i], null) : new Fetched(null, failures[i]);
            }
            return fetched;
        } finally {
            for (RowPlacer placer : placers) {
                if (placer != null) {
                    placer.close();
                }
            }
        }
    }

    /** One row of {@link #ROWS_OF_PIECES} into its piece, unless that piece already failed. */
    private static void place(ResultSet rs, RowPlacer[] placers, IOException[] failures) throws SQLException {
        int i = rs.getInt(1) - 1;
        if (failures[i] != null) {
            return;
        }
        byte[] stored = rs.getBytes(3);
        try {
            placers[i].place(rs.getInt(2), stored, 0, stored.length);
        } catch (IOException e) {
            failures[i] = e;
        }
    }

    /**
     * A long piece as binary COPY out: rows stream in as they are read (PgJDBC buffers a whole result
     * set, megabytes of row arrays that outlive young collections), with no result-set decoding.
     */
    private static void copy(Connection c, Namespace ns, Piece piece, PieceTarget out)
            throws IOException, SQLException {
        String sql = ns.sql(COPY_ROWS_HEAD) + piece.fileId() + " AND no BETWEEN " + piece.firstRow() + " AND "
                + piece.lastRow() + COPY_ROWS_TAIL;
        try (BinaryCopyRows copy = BinaryCopyRows.open(c.unwrap(PGConnection.class), sql);
             RowPlacer rows = new RowPlacer(piece, out)) {
            while (copy.next()) {
                rows.place(copy.no(), copy.data(), copy.dataOffset(), copy.dataLength());
            }
            rows.requireAll();
        }
    }
}
