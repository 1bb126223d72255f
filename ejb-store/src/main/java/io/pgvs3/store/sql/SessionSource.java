package io.pgvs3.store.sql;

import java.sql.Connection;
import java.sql.SQLException;

/**
 * Opens a database session that its owner keeps across calls and threads (the read-pin guard, the
 * maintenance leader). Inside the container these must not be pooled handles: a handle outlives the
 * component call that got it only until that call's local transaction ends.
 */
@FunctionalInterface
public interface SessionSource {
    Connection open() throws SQLException;
}
