package io.pgvs3.bench.sol;

import io.pgvs3.bench.http.RandomBody;
import io.pgvs3.bench.targets.SqlTarget;
import io.pgvs3.store.layout.NamespaceDdl;
import java.io.DataOutputStream;
import java.io.IOException;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyIn;
import org.postgresql.copy.PGCopyOutputStream;

/**
 * The floor's copy of the gateway's chunks table, {@code pgvs3_bench.sol_chunks}: the same columns,
 * check and storage parameters as ejb-store's NamespaceDdl (keep them in step), one row per 8,120
 * bytes. The write floor is one binary COPY of a body's rows, as the gateway's ChunkCopy sends them.
 */
final class ChunkTable {
    static final int BLOCK = 8120;

    private static final String CREATE = """
            CREATE SCHEMA IF NOT EXISTS pgvs3_bench;
            DROP TABLE IF EXISTS pgvs3_bench.sol_chunks;
            CREATE TABLE pgvs3_bench.sol_chunks """ + NamespaceDdl.CHUNKS_COLUMNS_AND_OPTIONS + ";";
    private static final String COPY_IN = "COPY pgvs3_bench.sol_chunks (file_id, no, data) FROM STDIN (FORMAT binary)";
    private static final byte[] SIGNATURE = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0};

    private ChunkTable() {
    }

    static void create(SqlTarget db) throws SQLException {
        try (Connection c = connect(db); Statement s = c.createStatement()) {
            s.execute(CREATE);
        }
    }

    /**
     * A connection with the gateway's chunk-pool session settings: bitmap heap scans for row ranges,
     * and prefetching of their heap pages.
     */
    static Connection connect(SqlTarget db) throws SQLException {
        Connection c = DriverManager.getConnection(db.jdbcUrl(), db.user(), db.password());
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("SET enable_indexscan = off; SET effective_io_concurrency = 32;"
                    + " SET application_name = 'pgvs3-bench-floor'");
        }
        return c;
    }

    static long rows(long size) {
        return (size + BLOCK - 1) / BLOCK;
    }

    /** One autocommit binary COPY of {@code body} as file {@code fileId}; returns the bytes stored. */
    static long copyIn(Connection c, long fileId, RandomBody body) throws SQLException, IOException {
        CopyIn copy = c.unwrap(PGConnection.class).getCopyAPI().copyIn(COPY_IN);
        try {
            DataOutputStream out = new DataOutputStream(new PGCopyOutputStream(copy, 256 * 1024));
            out.write(SIGNATURE);
            out.writeInt(0); // flags
            out.writeInt(0); // header extension length
            for (long no = 0, rows = rows(body.length()); no < rows; no++) {
                int length = (int) Math.min(BLOCK, body.length() - no * BLOCK);
                out.writeShort(3);
                out.writeInt(8);
                out.writeLong(fileId);
                out.writeInt(4);
                out.writeInt((int) no);
                out.writeInt(length);
                body.writeRange(no * BLOCK, length, out);
            }
            out.writeShort(-1);
            out.flush();
            long stored = copy.endCopy();
            if (stored != rows(body.length())) {
                throw new SQLException("COPY stored " + stored + " rows, " + rows(body.length()) + " were sent");
            }
            return body.length();
        } finally {
            if (copy.isActive()) {
                copy.cancelCopy();
            }
        }
    }
}
