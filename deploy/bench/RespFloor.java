import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.Statement;
import java.util.Arrays;
import java.util.SplittableRandom;

/**
 * The floor of resp-bench.sh's GET P1 c1: one PgJDBC connection selecting a random row of a table like the
 * bridge's (text key, 4 KiB value) by primary key, one call after the other. Prints "calls p50_ms".
 *
 *   java -cp postgresql.jar deploy/bench/RespFloor.java JDBC_URL USER PASSWORD CALLS
 */
public final class RespFloor {

    private static final int ROWS = 10_000;
    private static final int VALUE = 4096;

    public static void main(String[] args) throws Exception {
        int calls = Integer.parseInt(args[3]);
        try (Connection c = DriverManager.getConnection(args[0], args[1], args[2])) {
            try (Statement s = c.createStatement()) {
                s.execute("CREATE TABLE IF NOT EXISTS resp_floor (key text PRIMARY KEY, value bytea NOT NULL)");
                s.execute("INSERT INTO resp_floor SELECT 'key:' || lpad(i::text, 12, '0'), convert_to(repeat('x', "
                        + VALUE + "), 'UTF8') FROM generate_series(0, " + (ROWS - 1) + ") i ON CONFLICT DO NOTHING");
            }
            SplittableRandom random = new SplittableRandom(1);
            long[] nanos = new long[calls];
            try (PreparedStatement select = c.prepareStatement("SELECT value FROM resp_floor WHERE key = ?")) {
                for (int i = -calls / 10; i < calls; i++) { // the first tenth warms up (server-side prepare)
                    select.setString(1, String.format("key:%012d", random.nextInt(ROWS)));
                    long start = System.nanoTime();
                    try (ResultSet rs = select.executeQuery()) {
                        if (!rs.next() || rs.getBytes(1).length != VALUE) {
                            throw new IllegalStateException("floor row missing");
                        }
                    }
                    if (i >= 0) {
                        nanos[i] = System.nanoTime() - start;
                    }
                }
            }
            Arrays.sort(nanos);
            System.out.printf("%d %.3f%n", calls, nanos[calls / 2] / 1e6);
        }
    }
}
