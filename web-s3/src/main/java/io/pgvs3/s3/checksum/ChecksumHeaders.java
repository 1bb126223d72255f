package io.pgvs3.s3.checksum;

import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/** The response headers that report a stored checksum, and whether a GET/HEAD asked for them. */
public final class ChecksumHeaders {

    private ChecksumHeaders() {
    }

    /** {@code x-amz-checksum-<algorithm>} and {@code x-amz-checksum-type}; empty for no checksum. */
    public static Map<String, String> of(ObjectChecksum checksum) {
        Map<String, String> headers = new LinkedHashMap<>();
        if (checksum != null) {
            headers.put(checksum.algorithm().headerName(), checksum.value());
            headers.put("x-amz-checksum-type", checksum.type().name());
        }
        return headers;
    }

    /** {@code x-amz-checksum-mode: ENABLED}. */
    public static boolean requested(List<String> checksumMode) {
        return checksumMode != null && checksumMode.stream()
                .anyMatch(v -> v != null && v.trim().toUpperCase(Locale.ROOT).equals("ENABLED"));
    }
}
