package io.pgvs3.store.list;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ListQuery;
import io.pgvs3.store.api.ObjectSummary;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * One listing page. Keys come from ordered primary-key range scans; a key under a delimiter rolls up
 * into its common prefix, and once a batch runs out inside a common prefix the next scan starts at
 * that prefix's successor, so a prefix holding a million keys costs one extra query, not a million rows.
 */
public final class ObjectLister {

    public static final int MAX_KEYS = 1000;

    private static final String SELECT = "SELECT key, size, etag, modified_at FROM %s.objects WHERE key ";
    private static final String FROM_INCLUSIVE = ">= ? COLLATE \"C\"";
    private static final String FROM_EXCLUSIVE = "> ? COLLATE \"C\"";
    private static final String UNTIL = " AND key < ? COLLATE \"C\"";
    private static final String ORDER = " ORDER BY key LIMIT ?";

    private final DataAccess access;

    public ObjectLister(DataAccess access) {
        this.access = access;
    }

    public ListPage list(ListQuery q) {
        if (q.maxKeys() < 0 || q.maxKeys() > MAX_KEYS) {
            throw new StoreException(StoreError.INVALID_ARGUMENT, "max-keys must be 0.." + MAX_KEYS);
        }
        if (q.maxKeys() == 0) {
            access.namespaces().resolve(q.bucket()); // NO_SUCH_BUCKET still applies to an empty page
            return new ListPage(List.of(), List.of(), false, null);
        }
        return access.read(Pool.MAIN, "list", q.bucket(), q, (c, ns, query) -> new Walk(c, ns, query).run());
    }

    /** The state of one page walk. */
    private static final class Walk {
        private final Connection c;
        private final Namespace ns;
        private final KeyScope scope;
        private final int max;
        private final List<ObjectSummary> objects = new ArrayList<>();
        private final List<String> prefixes = new ArrayList<>();
        private String from;
        private boolean inclusive;
        private String last;
        private String openPrefix;

        Walk(Connection c, Namespace ns, ListQuery q) {
            this.c = c;
            this.ns = ns;
            this.scope = KeyScope.of(q.prefix(), q.delimiter());
            this.max = q.maxKeys();
            start(q.after());
        }

        private void start(String after) {
            from = scope.prefix();
            inclusive = true;
            if (after == null || scope.precedes(after)) {
                return;
            }
            String cp = scope.commonPrefix(after);
            if (cp != null) {
                // a cursor inside (or at) a common prefix skips that whole prefix
                from = KeyRanges.successor(cp);
                inclusive = true;
            } else {
                from = after;
                inclusive = false;
            }
        }

        ListPage run() throws SQLException {
            while (from != null && scope.reaches(from)) {
                int limit = max - entries() + 1;
                int seen = 0;
                try (PreparedStatement ps = c.prepareStatement(sql())) {
                    int i = 1;
                    ps.setString(i++, from);
                    if (scope.until() != null) {
                        ps.setString(i++, scope.until());
                    }
                    ps.setInt(i, limit);
                    try (ResultSet rs = ps.executeQuery()) {
                        while (rs.next()) {
                            seen++;
                            if (!accept(rs)) {
                                return page(true);
                            }
                        }
                    }
                }
                if (seen < limit) {
                    break;
                }
                if (openPrefix != null) {
                    from = KeyRanges.successor(openPrefix);
                    inclusive = true;
                    openPrefix = null;
                }
            }
            return page(false);
        }

        /** Handles one key; false when it would be a new entry on a full page. */
        private boolean accept(ResultSet rs) throws SQLException {
            String key = rs.getString(1);
            from = key;
            inclusive = false;
            if (openPrefix != null && key.startsWith(openPrefix)) {
                return true;
            }
            openPrefix = null;
            String cp = scope.commonPrefix(key);
            if (entries() == max) {
                return false;
            }
            if (cp != null) {
                prefixes.add(cp);
                openPrefix = cp;
                last = cp;
            } else {
                objects.add(new ObjectSummary(key, rs.getLong(2), rs.getString(3),
                        rs.getObject(4, OffsetDateTime.class).toInstant()));
                last = key;
            }
            return true;
        }

        private int entries() {
            return objects.size() + prefixes.size();
        }

        private String sql() {
            return ns.sql(SELECT) + (inclusive ? FROM_INCLUSIVE : FROM_EXCLUSIVE)
                    + (scope.until() != null ? UNTIL : "") + ORDER;
        }

        private ListPage page(boolean truncated) {
            return new ListPage(List.copyOf(objects), List.copyOf(prefixes), truncated, last);
        }
    }
}
