package io.pgvs3.store.access;

import io.pgvs3.store.api.HeldSession;
import io.pgvs3.store.sql.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The main pool as one store session (one thread) sees it: the connection of the {@link HeldSession} it runs
 * on, if any, else one of the pool's per call. Not thread-safe, like the session.
 */
public final class SessionBinding extends DelegatingDataSource {

    private HeldConnection bound;

    public SessionBinding(DataSource pool) {
        super(pool);
    }

    /** Calls from now on use {@code held} (from {@link DataAccess#holdMain} of the same pool); null: the pool. */
    public void runOn(HeldSession held) {
        if (bound != null) {
            bound.leave();
        }
        bound = (HeldConnection) held;
        if (bound != null) {
            bound.enter();
        }
    }

    @Override
    public Connection getConnection() throws SQLException {
        return bound == null ? target.getConnection() : bound.lend();
    }
}
