package io.pgvs3.store.api;

/**
 * Where an object's bytes live: inline in its row, or in one immutable chunked file. The web layer
 * treats it as opaque and hands it back to {@link ObjectStore#readBody}; because files are immutable
 * and never reused, a read by location returns exactly the bytes that the metadata described, even if
 * the key is overwritten meanwhile.
 *
 * @param inlineData the body when it is stored inline and was requested, else null
 * @param fileId     the chunked file, or 0 for inline bodies
 */
public record BodyLocation(byte[] inlineData, long fileId) {

    public boolean isInline() {
        return fileId == 0;
    }
}
