package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.namespace.Namespace;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.ArrayList;
import java.util.List;

/**
 * The multipart uploads a gateway of this bucket began at the origin and has not ended
 * ({@code origin_uploads}): each is recorded, in a transaction of its own, once the origin gave its id and
 * forgotten once it was completed or aborted. A gateway that dies during one leaves its row; the key's next
 * flush aborts it at the origin first, so no incomplete upload outlives a crash.
 */
final class OriginUploads {

    private static final String RECORD =
            "INSERT INTO %1$s.origin_uploads (upload_id, key) VALUES (?, ?) ON CONFLICT DO NOTHING";
    private static final String FORGET = "DELETE FROM %1$s.origin_uploads WHERE upload_id = ?";
    private static final String LEFT = "SELECT upload_id FROM %1$s.origin_uploads WHERE key = ? ORDER BY started_at";

    private final DataAccess access;
    private final Namespace ns;

    OriginUploads(DataAccess access, Namespace ns) {
        this.access = access;
        this.ns = ns;
    }

    void started(String key, String uploadId) {
        access.write(Pool.MAIN, "origin upload", ns.name(), (c, locked) -> {
            try (PreparedStatement ps = c.prepareStatement(locked.sql(RECORD))) {
                ps.setString(1, uploadId);
                ps.setString(2, key);
                return ps.executeUpdate();
            }
        });
    }

    void ended(String uploadId) {
        access.write(Pool.MAIN, "origin upload", ns.name(), (c, locked) -> {
            try (PreparedStatement ps = c.prepareStatement(locked.sql(FORGET))) {
                ps.setString(1, uploadId);
                return ps.executeUpdate();
            }
        });
    }

    /** Aborts at the origin what earlier flushes of {@code key} left there; one that cannot be aborted now stays. */
    void abortLeftovers(OriginClient origin, String key) {
        List<String> left = access.read(Pool.MAIN, "origin uploads", ns.name(), (c, n) -> {
            List<String> ids = new ArrayList<>();
            try (PreparedStatement ps = c.prepareStatement(n.sql(LEFT))) {
                ps.setString(1, key);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        ids.add(rs.getString(1));
                    }
                }
            }
            return ids;
        });
        for (String uploadId : left) {
            if (origin.abortUpload(key, uploadId)) {
                ended(uploadId);
            }
        }
    }
}
