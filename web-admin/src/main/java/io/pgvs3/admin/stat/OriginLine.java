package io.pgvs3.admin.stat;

import io.pgvs3.store.api.OriginState;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.time.Duration;

/**
 * One origin-backed bucket as {@code /admin/stat} shows it: where its origin is (never its credentials)
 * and what waits for it.
 *
 * @param origin          the origin's endpoint and bucket, {@code endpoint/bucket}
 * @param lastOriginError this gateway's last failed origin request, or null
 */
record OriginLine(String bucket, String origin, long pendingObjects, long pendingBytes, Duration oldestPending,
                  boolean drainPaused, String lastOriginError) {

    static OriginLine of(String bucket, OriginState state) {
        JsonObject document = Json.createReader(new StringReader(state.origin())).readObject();
        String endpoint = document.getString("endpoint", "?").replaceAll("/+$", "");
        return new OriginLine(bucket, endpoint + "/" + document.getString("originBucket", bucket),
                state.pendingObjects(), state.pendingBytes(), state.oldestPending(), state.drainPaused(),
                state.lastOriginError());
    }
}
