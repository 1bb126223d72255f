package io.pgvs3.bench.floor;

import io.pgvs3.bench.cases.Fixture;
import io.pgvs3.bench.targets.SqlTarget;
import io.pgvs3.bench.targets.Target;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.SplittableRandom;

/**
 * The floor's rows: {@link #ROWS} random 4 KiB values. {@code STORAGE EXTERNAL} as on the gateway's
 * {@code objects.inline_data}, so a read pays the same out-of-line TOAST fetch the gateway's does.
 */
final class FloorTable implements Fixture {
    static final int ROWS = 1024;
    static final int VALUE_SIZE = 4 * 1024;
    static final String SELECT = "SELECT data FROM pgvs3_bench.floor_rows WHERE id = ?";

    private static final String CREATE = """
            CREATE SCHEMA IF NOT EXISTS pgvs3_bench;
            DROP TABLE IF EXISTS pgvs3_bench.floor_rows;
            CREATE TABLE pgvs3_bench.floor_rows (id int4 PRIMARY KEY, data bytea STORAGE EXTERNAL NOT NULL);
            """;
    private static final String INSERT = "INSERT INTO pgvs3_bench.floor_rows (id, data) VALUES (?, ?)";

    @Override
    public String id() {
        return "floor-rows";
    }

    @Override
    public void establish(Target target) throws SQLException {
        try (Connection c = connect((SqlTarget) target)) {
            c.setAutoCommit(false);
            try (Statement s = c.createStatement()) {
                s.execute(CREATE);
            }
            SplittableRandom random = new SplittableRandom(ROWS);
            try (PreparedStatement insert = c.prepareStatement(INSERT)) {
                for (int id = 0; id < ROWS; id++) {
                    byte[] value = new byte[VALUE_SIZE];
                    random.nextBytes(value);
                    insert.setInt(1, id);
                    insert.setBytes(2, value);
                    insert.addBatch();
                }
                insert.executeBatch();
            }
            c.commit();
            c.setAutoCommit(true); // VACUUM refuses to run inside a transaction
            try (Statement s = c.createStatement()) {
                // fresh statistics and hint bits, as the gateway's long-lived rows have
                s.execute("VACUUM ANALYZE pgvs3_bench.floor_rows");
            }
        }
    }

    static Connection connect(SqlTarget target) throws SQLException {
        Connection c = DriverManager.getConnection(target.jdbcUrl(), target.user(), target.password());
        c.setAutoCommit(true);
        return c;
    }
}
