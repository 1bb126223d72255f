package io.pgvs3.store.write;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.namespace.Namespace;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.sql.Connection;
import java.sql.SQLException;

/**
 * One new immutable chunked file being written inside the caller's transaction: a binary COPY with MD5
 * and SHA-256 computed in the same pass, bounded by the declared length and the file-size limit. Bytes
 * are pulled from a request body ({@link #drain}) or pushed ({@link #append}, or as an OutputStream by
 * a reader copying another file). Closing without {@link #finish} cancels the COPY; the caller rolls back.
 */
public final class FileSink extends OutputStream {

    static final int READ_BUFFER = 256 * 1024;

    private final ChunkCopy copy;
    private final long fileId;
    private final long declared;
    private final BodyDigests digests = new BodyDigests();

    private FileSink(ChunkCopy copy, long fileId, long declared) {
        this.copy = copy;
        this.fileId = fileId;
        this.declared = declared;
    }

    /**
     * Allocates a new file id and starts its COPY.
     *
     * @param declared the body length the client declared, or -1
     * @param watchdog aborts the COPY if a write to the database stalls
     */
    public static FileSink open(Connection c, Namespace ns, BlockCodec codec, int batch, long declared,
                                CopyWatchdog watchdog) throws SQLException {
        long fileId = ChunkCopy.allocateFileId(c);
        return new FileSink(ChunkCopy.open(c, ns, fileId, codec, batch, watchdog), fileId, declared);
    }

    public long fileId() {
        return fileId;
    }

    /** @throws StoreException INCOMPLETE_BODY past the declared length, ENTITY_TOO_LARGE past the file limit */
    public void append(byte[] b, int off, int len) throws SQLException {
        long total = digests.bytes() + len;
        if (declared >= 0 && total > declared) {
            throw ObjectWriter.incomplete("the body runs past its declared length " + declared, null);
        }
        if (total > ChunkFormat.MAX_FILE_BYTES) {
            throw tooLarge();
        }
        digests.update(b, off, len);
        copy.write(b, off, len);
    }

    /** Reads {@code body} to its end; its IOExceptions are INCOMPLETE_BODY, its RuntimeExceptions propagate. */
    public void drain(InputStream body) throws SQLException {
        byte[] buffer = new byte[READ_BUFFER];
        int n;
        while ((n = readUpTo(body, buffer)) > 0) {
            append(buffer, 0, n);
        }
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        try {
            append(b, off, len);
        } catch (SQLException e) {
            throw new IOException("COPY into file " + fileId + " failed: " + e.getMessage(), e);
        }
    }

    /** Ends the COPY; returns the size and digests of what was written. */
    public BodyDigests.Result finish() throws SQLException {
        copy.finish();
        return digests.finish();
    }

    @Override
    public void close() {
        copy.close();
    }

    /** Reads until {@code buffer} is full or the body ends; IOException ⇒ INCOMPLETE_BODY. */
    static int readUpTo(InputStream body, byte[] buffer) {
        try {
            return body.readNBytes(buffer, 0, buffer.length);
        } catch (IOException e) {
            throw ObjectWriter.incomplete("the body could not be read: " + e.getMessage(), e);
        }
    }

    static StoreException tooLarge() {
        return new StoreException(StoreError.ENTITY_TOO_LARGE,
                "an object body holds at most " + ChunkFormat.MAX_FILE_BYTES + " bytes");
    }
}
