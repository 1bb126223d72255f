package io.pgvs3.store.write;

import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.chunk.CompressionBackoff;
import java.sql.SQLException;

/**
 * Frames a file's logical bytes as rows of {@code COPY chunks (file_id, no, data) FROM STDIN (FORMAT
 * binary)}: 19-byte header, then per row int16 3, int32 8 + int64 file_id, int32 4 + int32 no,
 * int32 n + n stored bytes (big-endian), then the trailer int16 -1. Whole blocks are encoded straight
 * from the caller's buffer; only a trailing partial block is kept. A {@link CompressionBackoff} decides
 * which blocks are worth compressing, so incompressible bodies pay almost nothing for it. Framed rows are
 * handed to the sink whenever a batch is full. Pure: no JDBC beyond the sink's exception type.
 */
public final class CopyFramer {

    static final byte[] HEADER = {'P', 'G', 'C', 'O', 'P', 'Y', '\n', (byte) 0xFF, '\r', '\n', 0,
        0, 0, 0, 0, 0, 0, 0, 0};
    static final int ROW_OVERHEAD = 2 + 4 + 8 + 4 + 4 + 4;
    public static final int DEFAULT_BATCH = 4 * 1024 * 1024;

    /** Receives framed bytes in order. */
    @FunctionalInterface
    public interface Sink {
        void send(byte[] buffer, int offset, int length) throws SQLException;
    }

    private final long fileId;
    private final BlockCodec codec;
    private final int batchBytes;
    private final Sink sink;
    private final byte[] batch;
    private final byte[] pending = new byte[ChunkFormat.BLOCK];
    private final CompressionBackoff backoff = new CompressionBackoff();
    private int batchFill;
    private int pendingFill;
    private long logicalBytes;
    private int rows;
    private boolean finished;

    public CopyFramer(long fileId, BlockCodec codec, int batchBytes, Sink sink) {
        this.fileId = fileId;
        this.codec = codec;
        this.batchBytes = batchBytes;
        this.sink = sink;
        this.batch = new byte[Math.max(batchBytes, HEADER.length) + ROW_OVERHEAD + ChunkFormat.BLOCK];
        System.arraycopy(HEADER, 0, batch, 0, HEADER.length);
        this.batchFill = HEADER.length;
    }

    /**
     * Appends logical bytes.
     *
     * @throws IllegalArgumentException the file would exceed 2^31 rows (nothing is consumed)
     */
    public void write(byte[] b, int off, int len) throws SQLException {
        if (finished) {
            throw new IllegalStateException("framer already finished");
        }
        if (len > ChunkFormat.MAX_FILE_BYTES - logicalBytes) {
            throw new IllegalArgumentException("a file holds at most " + ChunkFormat.MAX_FILE_BYTES + " bytes");
        }
        logicalBytes += len;
        if (pendingFill > 0) {
            int take = Math.min(len, ChunkFormat.BLOCK - pendingFill);
            System.arraycopy(b, off, pending, pendingFill, take);
            pendingFill += take;
            off += take;
            len -= take;
            if (pendingFill < ChunkFormat.BLOCK) {
                return;
            }
            frameBlock(pending, 0, ChunkFormat.BLOCK);
            pendingFill = 0;
        }
        while (len >= ChunkFormat.BLOCK) {
            frameBlock(b, off, ChunkFormat.BLOCK);
            off += ChunkFormat.BLOCK;
            len -= ChunkFormat.BLOCK;
        }
        System.arraycopy(b, off, pending, 0, len);
        pendingFill = len;
    }

    /** Frames the trailing partial block and the trailer, and sends everything left. */
    public void finish() throws SQLException {
        if (finished) {
            return;
        }
        if (pendingFill > 0) {
            frameBlock(pending, 0, pendingFill);
            pendingFill = 0;
        }
        batch[batchFill++] = (byte) 0xFF;
        batch[batchFill++] = (byte) 0xFF;
        finished = true;
        flush();
    }

    public long logicalBytes() {
        return logicalBytes;
    }

    public int rows() {
        return rows;
    }

    private void frameBlock(byte[] b, int off, int len) throws SQLException {
        BlockCodec.Encoded stored = backoff.shouldTry() ? tryCompress(b, off, len) : new BlockCodec.Encoded(b, off, len);
        putShort(3);
        putInt(8);
        putLong(fileId);
        putInt(4);
        putInt(rows);
        putInt(stored.length());
        System.arraycopy(stored.array(), stored.offset(), batch, batchFill, stored.length());
        batchFill += stored.length();
        rows++;
        if (batchFill >= batchBytes) {
            flush();
        }
    }

    private BlockCodec.Encoded tryCompress(byte[] b, int off, int len) {
        BlockCodec.Encoded stored = codec.encode(b, off, len);
        backoff.tried(stored.compressed(len));
        return stored;
    }

    private void flush() throws SQLException {
        if (batchFill > 0) {
            sink.send(batch, 0, batchFill);
            batchFill = 0;
        }
    }

    private void putShort(int v) {
        batch[batchFill++] = (byte) (v >>> 8);
        batch[batchFill++] = (byte) v;
    }

    private void putInt(int v) {
        batch[batchFill++] = (byte) (v >>> 24);
        batch[batchFill++] = (byte) (v >>> 16);
        batch[batchFill++] = (byte) (v >>> 8);
        batch[batchFill++] = (byte) v;
    }

    private void putLong(long v) {
        putInt((int) (v >>> 32));
        putInt((int) v);
    }
}
