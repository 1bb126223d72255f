package io.pgvs3.store.breaker;

import io.pgvs3.store.sql.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import javax.sql.DataSource;

/**
 * A container pool behind the {@link DatabaseBreaker}: refused at once while the breaker is open;
 * otherwise the pool's connection, watched ({@link WatchedConnection}) so that a session breaking under
 * its user opens the breaker, as does the pool failing to hand one out.
 */
public final class GuardedDataSource extends DelegatingDataSource {

    private final DatabaseBreaker breaker;

    public GuardedDataSource(DataSource pool, DatabaseBreaker breaker) {
        super(pool);
        this.breaker = breaker;
    }

    @Override
    public Connection getConnection() throws SQLException {
        breaker.check();
        long obtained = breaker.now();
        try {
            return WatchedConnection.of(target.getConnection(), breaker, obtained);
        } catch (SQLException e) {
            breaker.failed(e, obtained);
            throw e;
        }
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("the pools log in with their configured user");
    }
}
