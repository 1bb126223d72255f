package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.testing.PostgresExtension;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** A many-key statement finds exactly its keys and, once prepared, runs PostgreSQL's cached generic plan. */
@ExtendWith(PostgresExtension.class)
class KeyArraysTest {

    private static final String SELECT = "SELECT key FROM keyed WHERE " + KeyArrays.KEY_IN_BOUND_ARRAY
            + " ORDER BY key";

    @Test
    void aPreparedManyKeyLookupKeepsItsGenericPlan() throws SQLException {
        try (Connection c = PostgresExtension.main().getConnection(); Statement s = c.createStatement()) {
            // rows as wide as object rows: on a table of a few pages, even the plain ANY's generic plan looks cheap
            s.execute("CREATE TEMPORARY TABLE keyed (key text PRIMARY KEY, filler text)");
            s.execute("INSERT INTO keyed SELECT 'k' || i, repeat('x', 400) FROM generate_series(1, 2000) i");
            s.execute("ANALYZE keyed");
            try (PreparedStatement lookup = c.prepareStatement(SELECT)) {
                // PgJDBC names the statement on the server after 5 executions; PostgreSQL then tries 5 custom
                // plans before it compares them with the generic one
                for (int i = 0; i < 15; i++) {
                    lookup.setArray(1, c.createArrayOf("text", new String[] {"k" + (i + 2), "k1", "none", "k1"}));
                    assertEquals(List.of("k1", "k" + (i + 2)), keys(lookup), "execution " + i);
                }
                try (ResultSet plans = s.executeQuery("SELECT generic_plans, custom_plans FROM pg_prepared_statements"
                        + " WHERE statement LIKE '%FROM keyed%'")) {
                    assertTrue(plans.next(), "the lookup is prepared on the server");
                    assertTrue(plans.getLong(1) > 0, "generic plans: " + plans.getLong(1) + ", custom plans: "
                            + plans.getLong(2));
                }
            }
        }
    }

    private static List<String> keys(PreparedStatement lookup) throws SQLException {
        List<String> keys = new ArrayList<>();
        try (ResultSet rs = lookup.executeQuery()) {
            while (rs.next()) {
                keys.add(rs.getString(1));
            }
        }
        return keys;
    }
}
