package io.pgvs3.store.kv;

import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.CopyWatchdog;
import io.pgvs3.store.write.FileSink;
import java.io.IOException;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.Arrays;

/**
 * Turns a value into what its row stores and back. Up to one chunk block (8,120 bytes) a value is
 * inline, so small values never touch the chunk table; larger ones are one immutable chunked file
 * written by the write path's {@link FileSink} in the caller's transaction. Not thread-safe (holds a
 * codec): one instance per bean instance.
 */
final class KvValues implements AutoCloseable {

    /** Values up to this size live in their row. */
    static final int INLINE_MAX = ChunkFormat.BLOCK;
    /**
     * A zstd frame costs at least 9 bytes of header, so values this short can never come out shorter:
     * counters, flags and redis-benchmark's 3-byte values skip the native call.
     */
    static final int COMPRESS_MIN = 16;
    /**
     * An inline value is kept compressed only if its frame is at most this share of it. A frame that saves less is
     * mostly literals, whose inflation costs the bridge more per GET than the rest of the GET (redis-benchmark's
     * random printable values: 4,096 bytes to 3,114, inflated at about 4 µs each); a quarter of a few kilobytes
     * is little disk.
     */
    static final double COMPRESSED_SHARE_MAX = 0.75;
    /**
     * The longest value whose row (with a key of up to about 100 bytes and the row's other columns) fits in half a
     * heap page, so that its next version can join it in the same page: an update that fits is a HOT update (no
     * new index entries, no new page), one that does not takes another page until a vacuum frees the old one
     * (ADR 61). A longer value is kept compressed whenever its frame is this short, whatever share it saves:
     * redis-benchmark's 4,096 random printable bytes come to 3,114, and their SETs cost half the CPU.
     */
    static final int HALF_PAGE_VALUE = 3_800;
    /** COPY batches of a large value. */
    private static final int COPY_BATCH = 4 << 20;
    private static final int FETCH_ROWS = 64;

    private static final String CHUNKS = "SELECT no, data FROM %s.chunks WHERE file_id = ? ORDER BY no";
    private static final String SOME_CHUNKS = "SELECT no, data FROM %s.chunks WHERE file_id = ? AND no BETWEEN ? AND ?";
    private static final String WRITE_CHUNK = """
            INSERT INTO %s.chunks (file_id, no, data) VALUES (?, ?, ?)
            ON CONFLICT (file_id, no) DO UPDATE SET data = excluded.data""";

    private final BlockCodec codec = new BlockCodec();
    private final CopyWatchdog watchdog;

    KvValues(CopyWatchdog watchdog) {
        this.watchdog = watchdog;
    }

    /** Stores a large value's file in {@code c}'s transaction; an inline one only encodes. */
    StoredValue store(Connection c, Namespace ns, byte[] value) throws SQLException {
        if (value.length <= INLINE_MAX) {
            byte[] compressed = value.length < COMPRESS_MIN ? null : codec.compressWhole(value, value.length);
            return compressed != null && worthKeeping(value.length, compressed.length)
                    ? new StoredValue(value.length, compressed, true, null)
                    : new StoredValue(value.length, value, false, null);
        }
        try (FileSink sink = FileSink.open(c, ns, codec, COPY_BATCH, value.length, watchdog)) {
            sink.append(value, 0, value.length);
            sink.finish();
            return new StoredValue(value.length, null, false, sink.fileId());
        }
    }

    /** True when a value of {@code size} bytes is kept as its frame of {@code compressed} bytes. */
    private static boolean worthKeeping(int size, int compressed) {
        return compressed <= COMPRESSED_SHARE_MAX * size || size > HALF_PAGE_VALUE && compressed <= HALF_PAGE_VALUE;
    }

    /**
     * An inline value as an entry for a reader: a compressed one stays compressed until the reader inflates
     * it where it wants the bytes (a RESP reply's buffer), so it is never copied on its way.
     */
    static KvEntry inlineEntry(StoredValue v, long expiresAt) {
        return v.zstd() ? KvEntry.compressed(v.inline(), v.size(), expiresAt, KvValues::inflate)
                : new KvEntry(v.inline(), v.size(), expiresAt);
    }

    /** {@link KvEntry.Inflater} of inline values: on any thread, with a pooled codec. */
    private static void inflate(byte[] compressed, int size, byte[] dst, int offset) {
        try (BlockCodec pooled = BlockCodec.pooled()) {
            pooled.decode(compressed, 0, compressed.length, size, dst, offset);
        } catch (IOException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "a stored value is corrupt: " + e.getMessage(), e);
        }
    }

    /** The bytes of an inline value. */
    byte[] inline(byte[] stored, boolean zstd, long size) throws SQLException {
        if (!zstd) {
            return stored;
        }
        try {
            return codec.decompressWhole(stored, size);
        } catch (IOException e) {
            throw new SQLException("corrupt inline value: " + e.getMessage(), e);
        }
    }

    /**
     * The bytes of a chunked value. The caller's transaction must keep the file referenced (a row lock, or a
     * snapshot that sees the row): then no reaper can have deleted a row of it from this view.
     */
    byte[] chunked(Connection c, Namespace ns, long fileId, long size) throws SQLException {
        byte[] out = new byte[Math.toIntExact(size)];
        byte[] block = new byte[ChunkFormat.BLOCK];
        long expected = 0;
        try (PreparedStatement ps = c.prepareStatement(ns.sql(CHUNKS))) {
            ps.setFetchSize(FETCH_ROWS);
            ps.setLong(1, fileId);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int no = rs.getInt(1);
                    if (no != expected) {
                        throw new SQLException("chunked value " + fileId + " lacks row " + expected);
                    }
                    byte[] stored = rs.getBytes(2);
                    int logical = ChunkFormat.logicalLength(size, no);
                    codec.decode(stored, stored.length, logical, block);
                    System.arraycopy(block, 0, out, (int) (no * (long) ChunkFormat.BLOCK), logical);
                    expected++;
                }
            }
        } catch (IOException e) {
            throw new SQLException("corrupt chunked value " + fileId + ": " + e.getMessage(), e);
        }
        if (expected * ChunkFormat.BLOCK < size) {
            throw new SQLException("chunked value " + fileId + " ends at row " + expected);
        }
        return out;
    }

    /**
     * Writes {@code bytes} at {@code offset} of a chunked value of {@code size} bytes, rewriting only the rows
     * the bytes fall in (and, when the value grows, its old last row, whose length changes, and the zero rows
     * of a gap); returns the new size. The caller holds the value's row lock and is the file's only reference.
     */
    long splice(Connection c, Namespace ns, long fileId, long size, long offset, byte[] bytes) throws SQLException {
        long end = offset + bytes.length;
        long newSize = Math.max(size, end);
        if (bytes.length == 0 && offset <= size) {
            return size;
        }
        long first = Math.min(offset, size) / ChunkFormat.BLOCK;
        long last = (end - 1) / ChunkFormat.BLOCK;
        byte[][] old = oldBlocks(c, ns, fileId, size, first, last);
        byte[] block = new byte[ChunkFormat.BLOCK];
        try (PreparedStatement ps = c.prepareStatement(ns.sql(WRITE_CHUNK))) {
            for (long no = first; no <= last; no++) {
                long start = no * ChunkFormat.BLOCK;
                Arrays.fill(block, (byte) 0);
                byte[] before = old[(int) (no - first)];
                if (before != null) {
                    System.arraycopy(before, 0, block, 0, before.length);
                }
                long from = Math.max(offset, start);
                long to = Math.min(end, start + ChunkFormat.BLOCK);
                if (from < to) {
                    System.arraycopy(bytes, (int) (from - offset), block, (int) (from - start), (int) (to - from));
                }
                BlockCodec.Encoded encoded = codec.encode(block, 0, ChunkFormat.logicalLength(newSize, no));
                ps.setLong(1, fileId);
                ps.setInt(2, Math.toIntExact(no));
                ps.setBytes(3, Arrays.copyOfRange(encoded.array(), encoded.offset(), encoded.offset() + encoded.length()));
                ps.addBatch();
            }
            ps.executeBatch();
        }
        return newSize;
    }

    /** The decoded rows {@code first..last} of a file of {@code size} bytes; null for rows past its end. */
    private byte[][] oldBlocks(Connection c, Namespace ns, long fileId, long size, long first, long last)
            throws SQLException {
        byte[][] blocks = new byte[(int) (last - first + 1)][];
        try (PreparedStatement ps = c.prepareStatement(ns.sql(SOME_CHUNKS))) {
            ps.setLong(1, fileId);
            ps.setInt(2, Math.toIntExact(first));
            ps.setInt(3, Math.toIntExact(last));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    int no = rs.getInt(1);
                    byte[] stored = rs.getBytes(2);
                    byte[] block = new byte[ChunkFormat.logicalLength(size, no)];
                    codec.decode(stored, stored.length, block.length, block);
                    blocks[no - (int) first] = block;
                }
            }
        } catch (IOException e) {
            throw new SQLException("corrupt chunked value " + fileId + ": " + e.getMessage(), e);
        }
        return blocks;
    }

    @Override
    public void close() {
        codec.close();
    }
}
