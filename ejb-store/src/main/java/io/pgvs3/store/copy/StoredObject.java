package io.pgvs3.store.copy;

import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.NewObject;
import java.io.IOException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An object row exactly as stored, for copying: the inline body still encoded, the files and part
 * boundaries as they are.
 *
 * @param userMetadata   flat, sorted {@code [name, value, ...]}
 * @param contentHeaders flat {@code [header name, value, ...]}, kept by a copy like the body
 * @param checksum       the stored whole-object checksum, or null; a copy has the same bytes, so it keeps it
 */
public record StoredObject(Namespace namespace, String key, long size, String etag, byte[] sha256,
                           String contentType, String[] userMetadata, Instant lastModified, byte[] inlineData,
                           boolean inlineZstd, Long fileId, Long[] parts, Long[] partEnds, String[] contentHeaders,
                           ObjectChecksum checksum) {

    /** One chunked file, not uploaded in parts: its ETag is the MD5 of that file. */
    public boolean isSingleFile() {
        return fileId != null && parts == null;
    }

    /** The files with their sizes, in body order. */
    List<long[]> filesWithSizes() {
        List<long[]> files = new ArrayList<>();
        if (parts == null) {
            if (fileId != null) {
                files.add(new long[] {fileId, size});
            }
            return files;
        }
        for (int i = 0; i < parts.length; i++) {
            files.add(new long[] {parts[i], partEnds[i] - (i == 0 ? 0 : partEnds[i - 1])});
        }
        return files;
    }

    /** The number of chunk rows of a file of {@code size} bytes. */
    static long rows(long size) {
        return (size + ChunkFormat.BLOCK - 1) / ChunkFormat.BLOCK;
    }

    /** The same body under {@code key} (possibly in other files), with the given type and metadata. */
    NewObject publishAs(String newKey, String newContentType, String[] newMetadata, ObjectChecksum newChecksum) {
        return new NewObject(newKey, size, etag, sha256, newContentType, newMetadata, inlineData, inlineZstd, fileId,
                contentHeaders, newChecksum, parts, partEnds);
    }

    /** The same object with its files replaced (a copy into another namespace). */
    StoredObject withFiles(Namespace target, Long newFileId, Long[] newParts) {
        return new StoredObject(target, key, size, etag, sha256, contentType, userMetadata, lastModified, inlineData,
                inlineZstd, newFileId, newParts, partEnds, contentHeaders, checksum);
    }

    /** As the read path describes objects, with an inline body decoded, to stream it. */
    public ObjectMeta toMeta() throws IOException {
        byte[] inline = null;
        if (inlineData != null) {
            try (BlockCodec codec = BlockCodec.pooled()) {
                inline = inlineZstd ? codec.decompressWhole(inlineData, size) : inlineData;
            }
        }
        return new ObjectMeta(namespace.name(), key, size, etag, contentType, metadataMap(), lastModified,
                new BodyLocation(inline, fileId == null ? 0 : fileId, unbox(parts), unbox(partEnds)));
    }

    private Map<String, String> metadataMap() {
        Map<String, String> map = new LinkedHashMap<>();
        for (int i = 0; i + 1 < userMetadata.length; i += 2) {
            map.put(userMetadata[i], userMetadata[i + 1]);
        }
        return Collections.unmodifiableMap(map);
    }

    private static long[] unbox(Long[] values) {
        if (values == null) {
            return null;
        }
        long[] out = new long[values.length];
        for (int i = 0; i < values.length; i++) {
            out[i] = values[i];
        }
        return out;
    }
}
