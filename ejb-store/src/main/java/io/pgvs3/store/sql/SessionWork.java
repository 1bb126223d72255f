package io.pgvs3.store.sql;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Work on one database session with two inputs, {@code X} being what else it may throw. The inputs are
 * arguments rather than captured variables so that callers can pass lambdas that capture nothing: those
 * are constants, and a call that does not fail allocates nothing for its work.
 */
@FunctionalInterface
public interface SessionWork<A, B, T, X extends Exception> {
    T run(Connection c, A a, B b) throws SQLException, X;
}
