package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.store.layout.ConnectionBudget;
import io.pgvs3.store.testing.PostgresExtension;
import java.sql.Connection;
import java.sql.ResultSet;
import java.sql.Statement;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class ConnectionBudgetLimitsTest {

    @Test
    void readsTheServersConnectionLimits() throws Exception {
        ConnectionBudget budget = ConnectionBudget.read(PostgresExtension.main(), 20, 16);
        try (Connection c = PostgresExtension.main().getConnection();
             Statement s = c.createStatement();
             ResultSet rs = s.executeQuery("SELECT setting::int FROM pg_settings WHERE name IN"
                     + " ('max_connections', 'superuser_reserved_connections', 'reserved_connections') ORDER BY name")) {
            rs.next();
            assertEquals(rs.getInt(1), budget.maxConnections());
            rs.next();
            assertEquals(rs.getInt(1), budget.reserved());
            rs.next();
            assertEquals(rs.getInt(1), budget.superuserReserved());
        }
        assertEquals(38, budget.perGateway(), "both pools, the read-pin guard and the maintenance leader");
    }
}
