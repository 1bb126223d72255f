package io.pgvs3.store.write;

import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;

/**
 * Work that belongs to a publication's transaction: it runs after the object row is written and before
 * the commit, under the key's lock, and what it throws undoes the publication. Origin-backed buckets
 * (ADR 45) fence their fills and write through to the origin here.
 */
@FunctionalInterface
public interface AfterPublish {

    AfterPublish NONE = (c, ns, modified) -> modified;

    /**
     * @param modified the published row's modification time
     * @return the modification time to report (the origin's, for a fill)
     */
    Instant run(Connection c, Namespace ns, Instant modified) throws SQLException;
}
