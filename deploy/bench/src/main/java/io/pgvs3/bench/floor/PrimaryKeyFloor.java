package io.pgvs3.bench.floor;

import io.pgvs3.bench.cases.Fixture;
import io.pgvs3.bench.cases.Workload;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;
import io.pgvs3.bench.targets.SqlTarget;
import io.pgvs3.bench.targets.Target;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.List;
import java.util.SplittableRandom;

/**
 * One prepared primary-key SELECT of a random floor row per call, one connection per worker. PgJDBC
 * switches to a server-side prepared statement after a few executions (prepareThreshold), well within
 * the warm-up, so the window measures bind-execute only.
 */
public final class PrimaryKeyFloor implements Workload {
    private static final FloorTable TABLE = new FloorTable();

    @Override
    public String op() {
        return "PK_SELECT";
    }

    @Override
    public long size() {
        return FloorTable.VALUE_SIZE;
    }

    @Override
    public String unit() {
        return "req";
    }

    @Override
    public boolean runsOn(Target target) {
        return target instanceof SqlTarget;
    }

    @Override
    public List<Fixture> fixtures() {
        return List.of(TABLE);
    }

    @Override
    public Operation.Factory operations(Target target) {
        SqlTarget sql = (SqlTarget) target;
        return worker -> new Select(FloorTable.connect(sql), worker);
    }

    private static final class Select implements Operation {
        private final Connection connection;
        private final PreparedStatement select;
        private final SplittableRandom random;

        Select(Connection connection, int worker) throws SQLException {
            this.connection = connection;
            this.select = connection.prepareStatement(FloorTable.SELECT);
            this.random = new SplittableRandom(worker + 1L);
        }

        @Override
        public void call(Outcome outcome) throws SQLException {
            select.setInt(1, random.nextInt(FloorTable.ROWS));
            try (ResultSet rs = select.executeQuery()) {
                long bytes = rs.next() ? rs.getBytes(1).length : 0;
                outcome.set(bytes == FloorTable.VALUE_SIZE ? 200 : 404, bytes, 1);
            }
        }

        @Override
        public long connects() {
            return 1;
        }

        @Override
        public void close() {
            try {
                connection.close();
            } catch (SQLException e) {
                // the run is over; a failed close changes no result
            }
        }
    }
}
