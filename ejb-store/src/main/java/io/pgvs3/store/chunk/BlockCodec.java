package io.pgvs3.store.chunk;

import com.github.luben.zstd.Zstd;
import com.github.luben.zstd.ZstdCompressCtx;
import com.github.luben.zstd.ZstdDecompressCtx;
import com.github.luben.zstd.ZstdException;
import java.io.IOException;
import java.util.concurrent.atomic.AtomicReferenceArray;

/**
 * Encodes one logical block for storage and back. A block is stored compressed only if that is
 * strictly shorter, so the stored length alone tells the reader: {@code stored < logical} ⇒ zstd
 * frame, {@code stored == logical} ⇒ raw bytes. Incompressible data never grows.
 *
 * <p>Not thread-safe (holds native zstd contexts); one instance per write or read, then {@link #close}.
 * Requests take theirs from {@link #pooled()}: creating the native contexts costs more than a small
 * request's whole compression, so closing a pooled codec keeps it, contexts and buffer included, for the
 * next one. The idle codecs sit in slots, one cache line each, and a thread starts looking at the slot its
 * id picks: a thread that takes and gives back a codec per value (a RESP pipeline inflates 16 values a
 * batch) finds its own again without touching a line other threads write. A shared queue with a shared
 * count cost four contended atomic operations and a node per value: 4.8 % of the bridge's CPU for GET at
 * pipeline 16 (JFR).
 */
public final class BlockCodec implements AutoCloseable {

    /** Fast level: blocks are small and the write path is usually network-bound. */
    static final int LEVEL = 1;

    /** Idle pooled codecs kept at most; closing one more frees it. */
    static final int IDLE_MAX = 32;
    /** References per 64-byte cache line at most (4-byte compressed references): one slot a line. */
    private static final int SLOT_STRIDE = 16;
    private static final AtomicReferenceArray<BlockCodec> IDLE = new AtomicReferenceArray<>(IDLE_MAX * SLOT_STRIDE);

    private final boolean compress;
    private final boolean pooled;
    private boolean lent;
    private ZstdCompressCtx compressor;
    private ZstdDecompressCtx decompressor;
    private byte[] scratch = new byte[0];

    /** @param compress false stores every block raw (for tests and for data known to be incompressible) */
    public BlockCodec(boolean compress) {
        this(compress, false);
    }

    public BlockCodec() {
        this(true);
    }

    private BlockCodec(boolean compress, boolean pooled) {
        this.compress = compress;
        this.pooled = pooled;
        this.lent = pooled;
    }

    /** A compressing codec from the pool; {@link #close} gives it back (once). */
    public static BlockCodec pooled() {
        int home = homeSlot();
        for (int i = 0; i < IDLE_MAX; i++) {
            int slot = slot(home, i);
            BlockCodec codec = IDLE.get(slot);
            if (codec != null && IDLE.compareAndSet(slot, codec, null)) {
                codec.lent = true;
                return codec;
            }
        }
        return new BlockCodec(true, true);
    }

    /** Where the calling thread looks first for an idle codec and puts its own back. */
    @SuppressWarnings("deprecation") // Thread.threadId() is Java 19's name for it
    private static int homeSlot() {
        return (int) (Thread.currentThread().getId() % IDLE_MAX);
    }

    /** The index of the {@code i}-th slot looked at from {@code home}. */
    private static int slot(int home, int i) {
        return ((home + i) % IDLE_MAX) * SLOT_STRIDE;
    }

    /** Keeps a given-back codec in the first free slot from the thread's own; false: all are taken. */
    private static boolean keepIdle(BlockCodec codec) {
        int home = homeSlot();
        for (int i = 0; i < IDLE_MAX; i++) {
            int slot = slot(home, i);
            if (IDLE.get(slot) == null && IDLE.compareAndSet(slot, null, codec)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Encodes {@code src[off, off+len)}; returns the stored bytes, which are valid until the next call.
     * The result is {@code src} itself (raw) or an internal buffer (compressed); see {@link Encoded}.
     */
    public Encoded encode(byte[] src, int off, int len) {
        if (compress && len > 1) {
            int bound = (int) Zstd.compressBound(len);
            if (scratch.length < bound) {
                scratch = new byte[bound];
            }
            try {
                int n = compressor().compressByteArray(scratch, 0, bound, src, off, len);
                if (n < len) {
                    return new Encoded(scratch, 0, n);
                }
            } catch (ZstdException e) {
                // fall through: store raw, which is always correct
            }
        }
        return new Encoded(src, off, len);
    }

    /**
     * Decodes a stored block of {@code logicalLength} bytes into {@code dst[0, logicalLength)}.
     *
     * @throws IOException the stored bytes are longer than the block or do not decompress to it exactly
     */
    public void decode(byte[] stored, int storedLength, int logicalLength, byte[] dst) throws IOException {
        decode(stored, 0, storedLength, logicalLength, dst);
    }

    /** {@link #decode(byte[], int, int, byte[])} of a block stored at {@code offset} of {@code stored}. */
    public void decode(byte[] stored, int offset, int storedLength, int logicalLength, byte[] dst) throws IOException {
        decode(stored, offset, storedLength, logicalLength, dst, 0);
    }

    /** {@link #decode(byte[], int, int, int, byte[])} into {@code dst[dstOffset, dstOffset + logicalLength)}. */
    public void decode(byte[] stored, int offset, int storedLength, int logicalLength, byte[] dst, int dstOffset)
            throws IOException {
        if (storedLength == logicalLength) {
            System.arraycopy(stored, offset, dst, dstOffset, logicalLength);
            return;
        }
        if (storedLength > logicalLength || storedLength <= 0) {
            throw new IOException("stored block of " + storedLength + " bytes cannot hold " + logicalLength);
        }
        int n;
        try {
            n = decompressor().decompressByteArray(dst, dstOffset, logicalLength, stored, offset, storedLength);
        } catch (ZstdException e) {
            throw new IOException("corrupt compressed block: " + e.getMessage(), e);
        }
        if (n != logicalLength) {
            throw new IOException("compressed block decoded to " + n + " bytes, expected " + logicalLength);
        }
    }

    /** Compresses a whole inline body; returns null when compression would not make it shorter. */
    public byte[] compressWhole(byte[] src, int len) {
        Encoded e = encode(src, 0, len);
        if (e.array() == src) {
            return null;
        }
        byte[] out = new byte[e.length()];
        System.arraycopy(e.array(), e.offset(), out, 0, e.length());
        return out;
    }

    /** Inflates an inline body compressed by {@link #compressWhole}. */
    public byte[] decompressWhole(byte[] stored, long size) throws IOException {
        byte[] out = new byte[Math.toIntExact(size)];
        decode(stored, stored.length, out.length, out);
        return out;
    }

    private ZstdCompressCtx compressor() {
        if (compressor == null) {
            compressor = new ZstdCompressCtx().setLevel(LEVEL).setChecksum(false).setContentSize(false);
        }
        return compressor;
    }

    private ZstdDecompressCtx decompressor() {
        if (decompressor == null) {
            decompressor = new ZstdDecompressCtx();
        }
        return decompressor;
    }

    @Override
    public void close() {
        if (pooled) {
            if (!lent) {
                return; // already given back
            }
            lent = false;
            if (keepIdle(this)) {
                return;
            }
        }
        if (compressor != null) {
            compressor.close();
        }
        if (decompressor != null) {
            decompressor.close();
        }
    }

    /** A stored block: a view into an array. */
    public record Encoded(byte[] array, int offset, int length) {

        public boolean compressed(int logicalLength) {
            return length < logicalLength;
        }
    }
}
