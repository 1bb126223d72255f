package io.pgvs3.store.layout;

import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * One gateway's share of the database's connections: its pools may hold up to {@code main + chunk}
 * connections, plus its own sessions (the read-pin guard, the maintenance leader), and PostgreSQL admits at most {@code max_connections − superuser_reserved_connections −
 * reserved_connections} from ordinary roles. Only the operator knows how many gateways share the
 * database (docs/deployment.md: replicas × (main + chunk) within that, minus headroom), so at startup a
 * gateway says how many of its kind fit, and warns when it alone could exceed the limit.
 */
public record ConnectionBudget(int mainPool, int chunkPool, int maxConnections, int superuserReserved, int reserved) {

    /** Sessions a gateway opens beside its pools: the read-pin guard and the maintenance leader's. */
    static final int OWN_SESSIONS = 2;

    private static final Logger LOG = Logger.getLogger(ConnectionBudget.class.getName());

    // reserved_connections exists from PostgreSQL 16 on; current_setting(name, true) is null before that
    static final String LIMITS = "SELECT current_setting('max_connections')::int,"
            + " current_setting('superuser_reserved_connections')::int,"
            + " coalesce(current_setting('reserved_connections', true), '0')::int";

    /** The pools, and the gateway's own sessions (docs/adr/0029, docs/adr/0037). */
    public int perGateway() {
        return mainPool + chunkPool + OWN_SESSIONS;
    }

    /** Connections ordinary roles may open. */
    public int available() {
        return maxConnections - superuserReserved - reserved;
    }

    public boolean exceeded() {
        return perGateway() > available();
    }

    public int gatewaysThatFit() {
        return perGateway() == 0 ? Integer.MAX_VALUE : Math.max(0, available() / perGateway());
    }

    public String message() {
        String pools = "this gateway's pools may open " + perGateway() + " connections (pgvs3.db.main.pool.max "
                + mainPool + " + pgvs3.db.chunk.pool.max " + chunkPool + " + " + OWN_SESSIONS + " own sessions: read-pin guard, maintenance leader)";
        String limit = "the database admits " + available() + " (max_connections " + maxConnections
                + " − superuser_reserved_connections " + superuserReserved + " − reserved_connections " + reserved + ")";
        if (exceeded()) {
            return "connection budget exceeded: " + pools + " but " + limit
                    + "; requests will wait for connections and fail under load: lower the pools or raise max_connections";
        }
        return "connection budget: " + pools + "; " + limit + ", so at most " + gatewaysThatFit()
                + " such gateways, less headroom for other clients";
    }

    /** This gateway's pools against the limits the database behind {@code dataSource} reports (one query). */
    public static ConnectionBudget read(DataSource dataSource, int mainPool, int chunkPool) throws SQLException {
        try (Connection connection = dataSource.getConnection();
             Statement statement = connection.createStatement();
             ResultSet limits = statement.executeQuery(LIMITS)) {
            limits.next();
            return new ConnectionBudget(mainPool, chunkPool, limits.getInt(1), limits.getInt(2), limits.getInt(3));
        }
    }

    /** Logs the budget once: a WARNING when this gateway alone could exceed it, INFO otherwise. */
    public static void check(DataSource dataSource, int mainPool, int chunkPool) {
        try {
            ConnectionBudget budget = read(dataSource, mainPool, chunkPool);
            LOG.log(budget.exceeded() ? Level.WARNING : Level.INFO, budget.message());
        } catch (SQLException e) {
            // advice only: a gateway that cannot read the limits works the same
            LOG.info("connection budget not checked: " + e.getMessage());
        }
    }
}
