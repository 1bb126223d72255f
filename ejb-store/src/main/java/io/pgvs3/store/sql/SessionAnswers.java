package io.pgvs3.store.sql;

import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;

/** The readiness question put to one session: does it answer a trivial statement in time? */
public final class SessionAnswers {

    private SessionAnswers() {
    }

    /** Throws unless {@code SELECT 1} answers on {@code c} within {@code seconds}. */
    public static void within(Connection c, int seconds) throws SQLException {
        try (Statement s = c.createStatement()) {
            s.setQueryTimeout(seconds);
            s.execute("SELECT 1");
        }
    }
}
