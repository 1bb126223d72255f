package io.pgvs3.store.testing;

import java.io.PrintWriter;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.SQLFeatureNotSupportedException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** A DataSource that counts the connections taken from it, e.g. to prove a read ran no chunk query. */
public final class CountingDataSource implements DataSource {

    private final DataSource target;
    private final AtomicLong taken = new AtomicLong();

    public CountingDataSource(DataSource target) {
        this.target = target;
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

    @Override
    public PrintWriter getLogWriter() throws SQLException {
        return target.getLogWriter();
    }

    @Override
    public void setLogWriter(PrintWriter out) throws SQLException {
        target.setLogWriter(out);
    }

    @Override
    public void setLoginTimeout(int seconds) throws SQLException {
        target.setLoginTimeout(seconds);
    }

    @Override
    public int getLoginTimeout() throws SQLException {
        return target.getLoginTimeout();
    }

    @Override
    public Logger getParentLogger() throws SQLFeatureNotSupportedException {
        return target.getParentLogger();
    }

    @Override
    public <T> T unwrap(Class<T> iface) throws SQLException {
        return target.unwrap(iface);
    }

    @Override
    public boolean isWrapperFor(Class<?> iface) throws SQLException {
        return target.isWrapperFor(iface);
    }
}
