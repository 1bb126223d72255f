package io.pgvs3.store.origin;

import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.CopyListener;
import io.pgvs3.store.api.CopySpec;
import io.pgvs3.store.api.ObjectMeta;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.checksum.RunningChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.copy.SourceRows;
import io.pgvs3.store.write.WriteRequest;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.function.BiFunction;
import java.util.function.Supplier;

/**
 * CopyObject into or out of an origin-backed bucket (ADR 45): the source is read as a GET reads it (a
 * cold origin-backed source is filled first) and written as a PUT of the target, so the target's rules
 * apply (write-through up to the threshold or under a condition, write-back above it). The body goes
 * through a {@link Spool}: it is read on the fill executor while the PUT follows it, so the copy costs
 * about one pass over the bytes. A native-to-native copy never comes here: it references the source's
 * files instead.
 */
public final class StreamedCopy {

    private final Bodies bodies;
    private final SpoolBudget spools;
    private final Executor readers;
    private final BiFunction<String, String, ObjectMeta> sources;
    private final BiFunction<PutSpec, InputStream, PutResult> targets;

    /** How a body is read, wherever it is (here, or at an origin for a source that could not be filled). */
    @FunctionalInterface
    public interface Bodies {
        void read(ObjectMeta meta, ByteRange range, OutputStream out) throws IOException;
    }

    /**
     * @param readers where the source is read while the target's PUT follows it
     * @param sources the source's metadata with its body's location, as a GET of (bucket, key) finds it
     * @param targets a PUT of the target, as a client's PUT of it would be stored
     */
    public StreamedCopy(Bodies bodies, SpoolBudget spools, Executor readers,
            BiFunction<String, String, ObjectMeta> sources, BiFunction<PutSpec, InputStream, PutResult> targets) {
        this.bodies = bodies;
        this.spools = spools;
        this.readers = readers;
        this.sources = sources;
        this.targets = targets;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#copy}. */
    public PutResult copy(CopySpec spec, CopyListener listener) {
        WriteRequest.requireValidKey(spec.key());
        ObjectMeta source = sources.apply(spec.source().bucket(), spec.source().key());
        SourceRows.requireConditions(spec.source(), source.etag(), source.lastModified());
        listener.checksPassed();
        Digest digest = spec.checksumAlgorithm() == null ? null : new Digest(spec.checksumAlgorithm());
        PutSpec target = new PutSpec(spec.bucket(), spec.key(),
                spec.replaceMetadata() ? spec.contentType() : source.contentType(),
                spec.replaceMetadata() ? spec.userMetadata() : source.userMetadata(), spec.condition(),
                source.size(), null, null, source.contentHeaders(),
                digest != null ? digest : keptChecksum(source));
        try (Spool spool = Spool.open(spools, source.size())) {
            CompletableFuture<Void> read = CompletableFuture.runAsync(
                    () -> spool.fillFrom(out -> bodies.read(source, ByteRange.whole(source.size()), out)), readers);
            try {
                InputStream body = spool.follow();
                return targets.apply(target, digest != null ? digest.over(body) : body);
            } catch (StoreException e) {
                throw spool.failure() == null ? e : readFailure(source, spool.failure());
            } finally {
                if (!read.isDone()) {
                    spool.cancel(); // the PUT gave up: stop reading the source too
                }
                read.join();
            }
        } catch (IOException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "the spool of the copy of " + source.key() + " failed", e);
        }
    }

    /** The source's own full-object checksum travels with its bytes; a composite one cannot. */
    private static Supplier<ObjectChecksum> keptChecksum(ObjectMeta source) {
        ObjectChecksum checksum = source.checksum();
        return checksum != null && checksum.type() == ChecksumType.FULL_OBJECT ? () -> checksum : null;
    }

    private static StoreException readFailure(ObjectMeta source, IOException failure) {
        return failure.getCause() instanceof StoreException refusal ? refusal
                : new StoreException(StoreError.UNAVAILABLE, "reading the copy source " + source.bucket() + "/"
                        + source.key() + " failed: " + failure.getMessage(), failure);
    }

    /** The checksum a copy asked for ({@code x-amz-checksum-algorithm}), computed over the bytes the PUT reads. */
    private static final class Digest implements Supplier<ObjectChecksum> {
        private final ChecksumAlgorithm algorithm;
        private final RunningChecksum running;

        Digest(ChecksumAlgorithm algorithm) {
            this.algorithm = algorithm;
            this.running = algorithm.newChecksum();
        }

        InputStream over(InputStream body) {
            return new FilterInputStream(body) {
                @Override
                public int read() throws IOException {
                    int b = in.read();
                    if (b >= 0) {
                        running.update(new byte[] {(byte) b}, 0, 1);
                    }
                    return b;
                }

                @Override
                public int read(byte[] b, int off, int len) throws IOException {
                    int n = in.read(b, off, len);
                    if (n > 0) {
                        running.update(b, off, n);
                    }
                    return n;
                }
            };
        }

        @Override
        public ObjectChecksum get() {
            return ObjectChecksum.fullObject(algorithm, running.digest());
        }
    }
}
