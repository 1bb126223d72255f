package io.pgvs3.resp.protocol;

/**
 * Caps of the decoder. {@code maxBulk} is Redis' proto-max-bulk-len (512 MiB by default),
 * {@code maxArgs} the largest multibulk count, {@code maxInline} the longest inline command or length
 * line (Redis' PROTO_INLINE_MAX_SIZE, 64 KiB), {@code maxRequest} the bytes one command may hold in all.
 */
public record DecoderLimits(int maxBulk, int maxArgs, int maxInline, long maxRequest) {

    public static final DecoderLimits REDIS = new DecoderLimits(512 << 20, 1 << 20, 64 << 10, 1L << 30);

    public DecoderLimits {
        if (maxBulk < 1 || maxArgs < 1 || maxInline < 16 || maxRequest < 1) {
            throw new IllegalArgumentException("decoder limits must be positive: " + this);
        }
    }
}
