package io.pgvs3.s3.auth;

import java.util.Objects;

/**
 * The outcome of a successful verification: who signed, and how the body must still be checked.
 *
 * @param payloadSha256 the 32 bytes the body must hash to ({@link PayloadMode#SIGNED} only, else null)
 * @param chunkSigner   the chunk-signature chain for {@link PayloadMode#signedChunks()} modes, else null
 */
public record VerifiedRequest(String accessKeyId, PayloadMode payloadMode, byte[] payloadSha256,
                              ChunkSigner chunkSigner) {
    public VerifiedRequest {
        Objects.requireNonNull(accessKeyId, "accessKeyId");
        Objects.requireNonNull(payloadMode, "payloadMode");
        payloadSha256 = payloadSha256 == null ? null : payloadSha256.clone();
    }

    @Override
    public byte[] payloadSha256() {
        return payloadSha256 == null ? null : payloadSha256.clone();
    }
}
