package io.pgvs3.store.origin;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.io.ByteArrayInputStream;
import java.io.Closeable;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.StandardOpenOption;
import java.nio.file.Path;

/**
 * One body held between an origin and PostgreSQL, within the {@link SpoolBudget}: in the heap when its
 * length is known and small, else in a scratch file that grows in reserved steps. It can be read whole any
 * number of times once complete (the SDK reads a body twice to sign it over plain HTTP), or followed while
 * it is being written (a fill publishes as the origin's bytes arrive); closing it returns its room.
 * <p>
 * The scratch file is unlinked as soon as it is open and is reached through that one channel only: its
 * disk comes back when the spool closes or the process ends, so a gateway killed during a fill leaves
 * nothing in the spool directory.
 */
final class Spool extends OutputStream implements Closeable {

    /** Disk is reserved in steps of this many bytes when the length is not known in advance. */
    private static final long DISK_STEP = 8L << 20;

    private final SpoolBudget budget;
    private byte[] memory;
    /** The unlinked scratch file: written at its position, read at followers' positions. */
    private FileChannel file;
    /** Bytes written so far; with {@link #complete} and {@link #failure}, guarded by this spool's monitor. */
    private long length;
    private boolean complete;
    private IOException failure;
    private long reservedMemory;
    private long reservedDisk;
    /** Set by the reader that gave up, so that the writer stops too. */
    private volatile boolean cancelled;

    private Spool(SpoolBudget budget) {
        this.budget = budget;
    }

    /**
     * @param expected the body's length, or -1 when unknown
     * @throws StoreException BUSY when the budget has no room for it
     */
    static Spool open(SpoolBudget budget, long expected) throws IOException {
        Spool spool = new Spool(budget);
        if (expected >= 0 && budget.takeMemory(expected)) {
            spool.reservedMemory = expected;
            spool.memory = new byte[(int) expected];
            return spool;
        }
        spool.reserveDisk(expected >= 0 ? expected : DISK_STEP);
        spool.file = unlinkedScratchFile(budget.directory());
        return spool;
    }

    @Override
    public void write(int b) throws IOException {
        write(new byte[] {(byte) b}, 0, 1);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
        if (cancelled) {
            throw new IOException("the spool's reader gave up");
        }
        if (memory != null) {
            if (length + len > memory.length) {
                throw new IOException("the body runs past its declared length " + memory.length);
            }
            System.arraycopy(b, off, memory, (int) length, len);
        } else {
            while (length + len > reservedDisk) {
                reserveDisk(DISK_STEP);
            }
            ByteBuffer source = ByteBuffer.wrap(b, off, len);
            while (source.hasRemaining()) {
                file.write(source);
            }
        }
        synchronized (this) {
            length += len;
            notifyAll();
        }
    }

    /** All bytes are in. */
    void finish() {
        synchronized (this) {
            complete = true;
            notifyAll();
        }
    }

    /** What writes a whole body into a spool. */
    @FunctionalInterface
    interface Source {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Writes {@code source} to its end into this spool and finishes it; a failure is kept for its followers
     * ({@link #failure}) instead of thrown: this runs on its own thread while a follower publishes.
     */
    void fillFrom(Source source) {
        try {
            source.writeTo(this);
            finish();
        } catch (IOException | RuntimeException e) {
            synchronized (this) {
                failure = e instanceof IOException io ? io : new IOException(e.getMessage(), e);
                notifyAll();
            }
        }
    }

    /** What ended {@link #fillFrom} early: an IOException, or one whose cause is the store's refusal. */
    synchronized IOException failure() {
        return failure;
    }

    synchronized long length() {
        return length;
    }

    /** A stream that follows the body as it is written and ends with it (or fails with its writer). */
    InputStream follow() {
        return follow(0);
    }

    /** {@link #follow()} from byte {@code from} on. */
    InputStream follow(long from) {
        return new InputStream() {
            private long position = from;

            @Override
            public int read() throws IOException {
                byte[] one = new byte[1];
                return read(one, 0, 1) < 0 ? -1 : one[0] & 0xff;
            }

            @Override
            public int read(byte[] b, int off, int len) throws IOException {
                int n;
                synchronized (Spool.this) {
                    while (position >= length && !complete && failure == null) {
                        try {
                            Spool.this.wait();
                        } catch (InterruptedException e) {
                            Thread.currentThread().interrupt();
                            throw new IOException("interrupted while following a spooled body", e);
                        }
                    }
                    if (failure != null) {
                        throw new IOException("the body being spooled broke off", failure);
                    }
                    if (position >= length) {
                        return -1;
                    }
                    n = (int) Math.min(len, length - position);
                }
                if (memory != null) {
                    System.arraycopy(memory, (int) position, b, off, n);
                } else {
                    ByteBuffer target = ByteBuffer.wrap(b, off, n);
                    while (target.hasRemaining()) {
                        file.read(target, position + target.position() - off);
                    }
                }
                position += n;
                return n;
            }

        };
    }

    /** The reader gave up: the writer's next write fails, and its thread is free again. */
    void cancel() {
        cancelled = true;
    }

    /** A fresh stream over the whole body. */
    InputStream read() {
        return memory != null ? new ByteArrayInputStream(memory, 0, (int) length) : follow();
    }

    /** A new file in {@code directory}, open for reading and writing, whose name is already gone. */
    private static FileChannel unlinkedScratchFile(Path directory) throws IOException {
        Files.createDirectories(directory);
        Path path = Files.createTempFile(directory, "fill-", ".body");
        FileChannel channel;
        try {
            channel = FileChannel.open(path, StandardOpenOption.READ, StandardOpenOption.WRITE);
        } catch (IOException e) {
            Files.deleteIfExists(path);
            throw e;
        }
        try {
            Files.delete(path);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        return channel;
    }

    private void reserveDisk(long bytes) {
        if (!budget.takeDisk(bytes)) {
            throw new StoreException(StoreError.BUSY, "the origin spool has no room for another " + bytes
                    + " bytes (pgvs3.origin.spool.disk-bytes)");
        }
        reservedDisk += bytes;
    }

    @Override
    public void close() throws IOException {
        budget.returnMemory(reservedMemory);
        reservedMemory = 0;
        memory = null;
        budget.returnDisk(reservedDisk);
        reservedDisk = 0;
        if (file != null) {
            file.close();
            file = null;
        }
    }
}
