package io.pgvs3.store.testing;

import io.pgvs3.store.sql.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.sql.DataSource;

/** A test database's connections, each recorded as it is lent. */
public final class RecordingPool extends DelegatingDataSource {

    private final List<Connection> lent = new CopyOnWriteArrayList<>();

    public RecordingPool(DataSource target) {
        super(target);
    }

    @Override
    public Connection getConnection() throws SQLException {
        Connection c = target.getConnection();
        lent.add(c);
        return c;
    }

    /** How many connections were lent so far. */
    public int lentCount() {
        return lent.size();
    }

    /** The connection lent last. */
    public Connection lastLent() {
        return lent.get(lent.size() - 1);
    }

    /** Every connection lent so far, in order. */
    public List<Connection> lent() {
        return List.copyOf(lent);
    }
}
