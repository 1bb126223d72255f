package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.read.ObjectReader;
import io.pgvs3.store.write.ObjectWriter;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.Map;
import java.util.function.BooleanSupplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import software.amazon.awssdk.core.ResponseInputStream;
import software.amazon.awssdk.services.s3.model.GetObjectResponse;

/**
 * Cold ranges of large objects through the aligned blocks of a bucket's {@code rangeCache} (ADR 52).
 * Blocks held here are read from PostgreSQL; each run of missing blocks is one ranged origin GET of the
 * version answered (If-Match), whose blocks pass one at a time through a spool (within the
 * {@link SpoolBudget}): the wanted bytes go to the client as they arrive, and each block is then stored in
 * a transaction of its own, fenced by a generation drawn before the GET. A read-only gateway serves the
 * blocks replay brought and passes its misses through.
 */
final class RangeCache {

    private static final Logger LOG = Logger.getLogger(RangeCache.class.getName());
    private static final int BUFFER = 64 << 10;

    /** Thrown inside a block's publication that must not store it: rolls its file back. */
    private static final class NotStored extends RuntimeException {
        NotStored() {
            super(null, null, false, false);
        }
    }

    private final DataAccess access;
    private final ObjectReader reader;
    private final ObjectWriter writer;
    private final SpoolBudget spools;
    private final BooleanSupplier readOnly;
    private final OriginMeter meter;

    RangeCache(DataAccess access, ObjectReader reader, ObjectWriter writer, SpoolBudget spools,
            BooleanSupplier readOnly, OriginMeter meter) {
        this.access = access;
        this.reader = reader;
        this.writer = writer;
        this.spools = spools;
        this.readOnly = readOnly;
        this.meter = meter;
    }

    /** Writes {@code range} of {@code meta}, a body at the origin, to {@code out}. */
    void read(Namespace ns, OriginClient origin, ObjectMeta meta, ByteRange range, OutputStream out)
            throws IOException {
        RangeBlocks blocks = new RangeBlocks(meta.size(), origin.config().rangeCache(), range);
        Map<Integer, OriginBlocks.Block> held = access.read(Pool.MAIN, "range blocks", ns.name(),
                (c, n) -> OriginBlocks.find(c, n, meta.key(), meta.etag(), blocks.blockSize(), blocks.first(),
                        blocks.last()));
        boolean stores = !readOnly.getAsBoolean();
        // drawn before any origin GET: a write or delete of the key after it draws a newer one
        long generation = stores && held.size() < blocks.count()
                ? access.read(Pool.MAIN, "origin generation", ns.name(), OriginKeys::startFill) : 0;
        for (RangeBlocks.Run run : blocks.runs(held.keySet())) {
            int count = run.last() - run.first() + 1;
            if (run.cached()) {
                reader.readBody(heldRun(meta, blocks, run, held), shifted(blocks.wanted(run.first(), run.last()),
                        -blocks.start(run.first())), out);
                meter.rangeBlocks(ns.name(), "hit", count);
            } else if (stores) {
                fetch(ns, origin, meta, blocks, run, generation, out);
            } else {
                origin.copyRange(meta.key(), blocks.wanted(run.first(), run.last()), meta.etag(), out);
                meter.rangeBlocks(ns.name(), "passthrough", count);
            }
        }
    }

    /** A run of blocks held here as one body of its files in order, as a multipart body is read. */
    private static ObjectMeta heldRun(ObjectMeta meta, RangeBlocks blocks, RangeBlocks.Run run,
            Map<Integer, OriginBlocks.Block> held) {
        int count = run.last() - run.first() + 1;
        long[] files = new long[count];
        long[] ends = new long[count];
        long end = 0;
        for (int i = 0; i < count; i++) {
            OriginBlocks.Block block = held.get(run.first() + i);
            files[i] = block.fileId();
            end += block.length();
            ends[i] = end;
        }
        return new ObjectMeta(meta.bucket(), meta.key(), end, meta.etag(), meta.contentType(), meta.userMetadata(),
                meta.lastModified(), new BodyLocation(null, files[0], files, ends));
    }

    private static ByteRange shifted(ByteRange range, long by) {
        return new ByteRange(range.first() + by, range.last() + by);
    }

    /** One ranged origin GET of a run of missing blocks: each block serves its wanted bytes, then is stored. */
    private void fetch(Namespace ns, OriginClient origin, ObjectMeta meta, RangeBlocks blocks, RangeBlocks.Run run,
            long generation, OutputStream out) throws IOException {
        ResponseInputStream<GetObjectResponse> got = origin.getRange(meta.key(), blocks.bytes(run.first(), run.last()),
                meta.etag());
        boolean complete = false;
        try {
            for (int block = run.first(); block <= run.last(); block++) {
                fetchBlock(ns, meta, blocks, block, got, generation, out);
            }
            complete = true;
        } finally {
            if (!complete) {
                got.abort(); // the client or the origin gave up: the rest of the run is not read
            }
            got.close();
        }
    }

    private void fetchBlock(Namespace ns, ObjectMeta meta, RangeBlocks blocks, int block, InputStream got,
            long generation, OutputStream out) throws IOException {
        long length = blocks.length(block);
        try (Spool spool = spoolOf(length)) {
            pass(got, length, blocks.wantedInBlock(block), spool, out);
            if (spool == null) {
                meter.rangeBlocks(ns.name(), "passthrough", 1);
                return;
            }
            spool.finish();
            store(ns, meta, blocks.blockSize(), block, length, spool, generation);
        }
    }

    /** A spool of {@code length} bytes, or null when the budget has no room for one (the block is not stored). */
    private Spool spoolOf(long length) throws IOException {
        try {
            return Spool.open(spools, length);
        } catch (StoreException e) {
            if (e.error() != StoreError.BUSY) {
                throw e;
            }
            return null;
        }
    }

    /** Reads a block of {@code length} bytes from {@code got} into {@code spool} (if any), its wanted bytes to {@code out}. */
    private static void pass(InputStream got, long length, ByteRange wanted, Spool spool, OutputStream out)
            throws IOException {
        byte[] buffer = new byte[(int) Math.min(BUFFER, length)];
        for (long at = 0; at < length; ) {
            int n = got.read(buffer, 0, (int) Math.min(buffer.length, length - at));
            if (n < 0) {
                throw new IOException("the origin's range ended " + (length - at) + " bytes short of a block");
            }
            if (spool != null) {
                spool.write(buffer, 0, n);
            }
            long from = Math.max(at, wanted.first());
            long to = Math.min(at + n - 1, wanted.last());
            if (from <= to) {
                out.write(buffer, (int) (from - at), (int) (to - from + 1));
            }
            at += n;
        }
    }

    /** One block in one transaction; a failure leaves it unstored, which the client that was served never notices. */
    private void store(Namespace ns, ObjectMeta meta, long blockSize, int block, long length, Spool spool,
            long generation) throws IOException {
        try (InputStream bytes = spool.read()) {
            writer.putFile(ns.name(), "range block of " + meta.key(), bytes, length, (c, locked, fileId) -> {
                if (!OriginBlocks.publish(c, locked, meta.key(), meta.etag(), blockSize,
                        new OriginBlocks.Block(block, fileId, length), generation)) {
                    throw new NotStored();
                }
                return null;
            });
            meter.rangeBlocks(ns.name(), "fetched", 1);
        } catch (NotStored e) {
            meter.rangeBlocks(ns.name(), "discarded", 1);
        } catch (StoreException e) {
            LOG.log(Level.WARNING, "block {0} of {1}/{2} was not stored: {3}",
                    new Object[] {block, ns.name(), meta.key(), e.getMessage()});
        }
    }
}
