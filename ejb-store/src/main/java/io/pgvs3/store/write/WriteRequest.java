package io.pgvs3.store.write;

import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.TreeMap;

/** A PUT's validated metadata and the checks its body must pass before publication. */
public final class WriteRequest {

    private final PutSpec spec;
    private final String contentType;
    private final String[] userMetadata;
    private final String[] contentHeaders;
    private ObjectChecksum checksum;

    private WriteRequest(PutSpec spec, String contentType, String[] userMetadata, String[] contentHeaders) {
        this.spec = spec;
        this.contentType = contentType;
        this.userMetadata = userMetadata;
        this.contentHeaders = contentHeaders;
    }

    static WriteRequest of(PutSpec spec) {
        requireValidKey(spec.key());
        ContentHeaders headers = spec.contentHeaders() == null ? ContentHeaders.NONE : spec.contentHeaders();
        return new WriteRequest(spec, contentTypeOrDefault(spec.contentType()), flatten(spec.userMetadata()),
                flatten(headers.asMap()));
    }

    /**
     * @throws StoreException INVALID_ARGUMENT unless the key has 1..{@link ObjectStore#MAX_KEY_BYTES} UTF-8
     *                        bytes and no NUL
     */
    public static void requireValidKey(String key) {
        String refused = keyRefusal(key);
        if (refused != null) {
            throw new StoreException(StoreError.INVALID_ARGUMENT, refused);
        }
    }

    /** Why no object can have {@code key}, or null when one can. */
    static String keyRefusal(String key) {
        int keyBytes = key == null ? 0 : key.getBytes(StandardCharsets.UTF_8).length;
        if (keyBytes < 1 || keyBytes > ObjectStore.MAX_KEY_BYTES) {
            return "a key has 1 to " + ObjectStore.MAX_KEY_BYTES + " UTF-8 bytes";
        }
        // PostgreSQL text cannot hold NUL
        return key.indexOf('\0') >= 0 ? "a key cannot contain U+0000" : null;
    }

    public static String contentTypeOrDefault(String contentType) {
        return contentType == null || contentType.isBlank() ? ObjectStore.DEFAULT_CONTENT_TYPE : contentType;
    }

    /**
     * {@code {b=2, a=1}} ⇒ {@code [a, 1, b, 2]}: names sorted, as stored in {@code user_metadata} and
     * {@code content_headers}.
     */
    public static String[] flatten(Map<String, String> metadata) {
        if (metadata == null || metadata.isEmpty()) {
            return new String[0];
        }
        TreeMap<String, String> sorted = new TreeMap<>(metadata);
        String[] flat = new String[sorted.size() * 2];
        int i = 0;
        for (Map.Entry<String, String> e : sorted.entrySet()) {
            flat[i++] = e.getKey();
            flat[i++] = e.getValue() == null ? "" : e.getValue();
        }
        return flat;
    }

    /**
     * Length first, then Content-MD5, then the signed SHA-256, then the caller's checksum (which may
     * throw its own error); the body has been read to its end by now.
     */
    BodyDigests.Result verify(BodyDigests.Result body) {
        new BodyChecks(spec.declaredLength(), spec.expectedMd5(), spec.expectedSha256()).verify(body);
        checksum = CallerInput.get(spec.checksum());
        return body;
    }

    NewObject object(BodyDigests.Result body, byte[] inlineData, boolean inlineZstd, Long fileId) {
        return new NewObject(spec.key(), body.size(), body.etag(), body.sha256(), contentType, userMetadata,
                inlineData, inlineZstd, fileId, contentHeaders, checksum, null, null);
    }

    /** The checksum {@link #verify} obtained, or null. */
    ObjectChecksum checksum() {
        return checksum;
    }
}
