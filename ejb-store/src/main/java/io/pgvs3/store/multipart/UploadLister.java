package io.pgvs3.store.multipart;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadPage;
import io.pgvs3.store.api.UploadQuery;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.list.KeyRanges;
import io.pgvs3.store.list.KeyScope;
import io.pgvs3.store.namespace.Namespace;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * ListMultipartUploads: uploads in (key, upload id) order from the {@code uploads_by_key} index. A key
 * under the delimiter rolls up into its common prefix and the scan resumes after that prefix. Uploads in
 * progress are few, so the walk favours simplicity: one query per batch, and one more per common prefix.
 */
public final class UploadLister {

    public static final int MAX_UPLOADS = 1000;

    private static final String SELECT =
            "SELECT key, upload_id, created_at, checksum_algorithm, checksum_type FROM %s.uploads WHERE ";
    private static final String FROM_KEY = "key >= ?";
    private static final String AFTER_KEY = "key > ?";
    private static final String AFTER_UPLOAD = "(key, upload_id) > (?, ?)";
    private static final String UNTIL = " AND key < ?";
    private static final String ORDER = " ORDER BY key, upload_id LIMIT ?";

    private final DataAccess access;

    public UploadLister(DataAccess access) {
        this.access = access;
    }

    /** See {@link io.pgvs3.store.api.MultipartStore#listUploads}. */
    public UploadPage list(UploadQuery q) {
        if (q.maxUploads() < 0 || q.maxUploads() > MAX_UPLOADS) {
            throw new StoreException(StoreError.INVALID_ARGUMENT, "max-uploads must be 0.." + MAX_UPLOADS);
        }
        return access.read(Pool.MAIN, "ListMultipartUploads", q.bucket(), (c, ns) -> new Walk(c, ns, q).run());
    }

    /** Where the next query starts: at a key, after a key, or after one upload of a key. */
    private record Cursor(String key, String uploadId, boolean inclusive) {
    }

    private static final class Walk {
        private final Connection c;
        private final Namespace ns;
        private final KeyScope scope;
        private final int max;
        private final List<UploadInfo> uploads = new ArrayList<>();
        private final List<String> prefixes = new ArrayList<>();
        private Cursor cursor;
        private String nextKey;
        private String nextUploadId;

        Walk(Connection c, Namespace ns, UploadQuery q) {
            this.c = c;
            this.ns = ns;
            this.scope = KeyScope.of(q.prefix(), q.delimiter());
            this.max = q.maxUploads();
            this.cursor = start(q.keyMarker(), q.uploadIdMarker());
        }

        private Cursor start(String keyMarker, String uploadIdMarker) {
            if (keyMarker == null || keyMarker.isEmpty() || scope.precedes(keyMarker)) {
                return new Cursor(scope.prefix(), null, true);
            }
            String rolledUp = scope.commonPrefix(keyMarker);
            if (rolledUp != null) {
                return skip(rolledUp);
            }
            boolean byUpload = uploadIdMarker != null && !uploadIdMarker.isEmpty();
            return new Cursor(keyMarker, byUpload ? uploadIdMarker : null, false);
        }

        /** The cursor past every key under {@code commonPrefix}; null when nothing can follow. */
        private static Cursor skip(String commonPrefix) {
            String next = KeyRanges.successor(commonPrefix);
            return next == null ? null : new Cursor(next, null, true);
        }

        UploadPage run() throws SQLException {
            while (max > 0 && cursor != null && scope.reaches(cursor.key())) {
                if (!batch()) {
                    return page(true);
                }
            }
            return page(false);
        }

        /** Reads one batch; false when the page filled up before an entry that belongs to the next page. */
        private boolean batch() throws SQLException {
            int limit = max - uploads.size() - prefixes.size() + 1;
            try (PreparedStatement ps = c.prepareStatement(sql())) {
                int i = 1;
                ps.setString(i++, cursor.key());
                if (cursor.uploadId() != null) {
                    ps.setString(i++, cursor.uploadId());
                }
                if (scope.until() != null) {
                    ps.setString(i++, scope.until());
                }
                ps.setInt(i, limit);
                int seen = 0;
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        seen++;
                        if (uploads.size() + prefixes.size() == max) {
                            return false;
                        }
                        String key = rs.getString(1);
                        String rolledUp = scope.commonPrefix(key);
                        if (rolledUp != null) {
                            prefixes.add(rolledUp);
                            nextKey = rolledUp;
                            nextUploadId = null;
                            cursor = skip(rolledUp);
                            return true;
                        }
                        String uploadId = rs.getString(2);
                        uploads.add(new UploadInfo(key, uploadId, rs.getObject(3, OffsetDateTime.class).toInstant(),
                                rs.getString(4), rs.getString(5)));
                        nextKey = key;
                        nextUploadId = uploadId;
                        cursor = new Cursor(key, uploadId, false);
                    }
                }
                if (seen < limit) {
                    cursor = null;
                }
                return true;
            }
        }

        private String sql() {
            String from = cursor.uploadId() != null ? AFTER_UPLOAD : cursor.inclusive() ? FROM_KEY : AFTER_KEY;
            return ns.sql(SELECT) + from + (scope.until() != null ? UNTIL : "") + ORDER;
        }

        private UploadPage page(boolean truncated) {
            return new UploadPage(List.copyOf(uploads), List.copyOf(prefixes), truncated, nextKey, nextUploadId);
        }
    }
}
