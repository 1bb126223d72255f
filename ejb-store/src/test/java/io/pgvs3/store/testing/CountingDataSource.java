package io.pgvs3.store.testing;

import io.pgvs3.store.sql.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.concurrent.atomic.AtomicLong;
import javax.sql.DataSource;

/** A DataSource that counts the connections taken from it, e.g. to prove a read ran no chunk query. */
public final class CountingDataSource extends DelegatingDataSource {

    private final AtomicLong taken = new AtomicLong();

    public CountingDataSource(DataSource target) {
        super(target);
    }

    /** Connections taken so far. */
    public long taken() {
        return taken.get();
    }

    @Override
    public Connection getConnection() throws SQLException {
        taken.incrementAndGet();
        return target.getConnection();
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        taken.incrementAndGet();
        return target.getConnection(user, password);
    }
}
