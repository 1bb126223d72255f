package io.pgvs3.store.breaker;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * A container pool behind the {@link DatabaseBreaker}: refused at once while the breaker is open;
 * otherwise the pool's connection, watched ({@link WatchedConnection}) so that a session breaking under
 * its user opens the breaker, as does the pool failing to hand one out.
 */
public final class GuardedDataSource implements DataSource {

    private final DataSource pool;
    private final DatabaseBreaker breaker;

    public GuardedDataSource(DataSource pool, DatabaseBreaker breaker) {
        this.pool = pool;
        this.breaker = breaker;
    }

    @Override
    public Connection getConnection() throws SQLException {
        breaker.check();
        long obtained = breaker.now();
        try {
            return WatchedConnection.of(pool.getConnection(), breaker, obtained);
        } catch (SQLException e) {
            breaker.failed(e, obtained);
            throw e;
        }
    }

    @Override
    public Connection getConnection(String user, String password) throws SQLException {
        throw new SQLFeatureNotSupportedException("the pools log in with their configured user");
    }

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return pool.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        pool.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        pool.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return pool.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return pool.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> type) throws SQLException {
        return pool.unwrap(type);
    }

    @Override
    public boolean isWrapperFor(Class<?> type) throws SQLException {
        return pool.isWrapperFor(type);
    }
}
