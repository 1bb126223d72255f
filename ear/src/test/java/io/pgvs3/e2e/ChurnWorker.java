package io.pgvs3.e2e;

import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.BooleanSupplier;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;
import software.amazon.awssdk.services.s3.model.CompletedPart;

/**
 * One churning client that owns a few keys: overwrites (inline and chunked), deletes, completed and
 * aborted multipart uploads, one after another, so it knows exactly what each of its keys holds.
 */
final class ChurnWorker {

    /** What a key holds: its size, the MD5 of its body and the chunk rows its files need. */
    record Expected(long size, String md5, long chunkRows) {
    }

    private static final long INLINE_LIMIT = 65_536;
    private static final long ROW = 8_120;

    private final S3Client s3;
    private final String bucket;
    private final List<String> keys = new ArrayList<>();
    private final long[] sizes;
    private final long partBytes;
    private final SplittableRandom random;
    private final Map<String, Expected> live = new TreeMap<>();
    private long operations;
    private long bytesWritten;

    ChurnWorker(S3Client s3, String bucket, String prefix, int keyCount, long largeBytes, long partBytes) {
        this.s3 = s3;
        this.bucket = bucket;
        for (int i = 0; i < keyCount; i++) {
            keys.add(prefix + i);
        }
        this.sizes = new long[] {1_000, 60_000, 200_000, 1 << 20, largeBytes};
        this.partBytes = partBytes;
        this.random = new SplittableRandom(prefix.hashCode());
    }

    void churnUntil(BooleanSupplier stop) throws IOException {
        while (!stop.getAsBoolean()) {
            String key = keys.get(random.nextInt(keys.size()));
            int dice = random.nextInt(100);
            if (dice < 55) {
                put(key, sizes[random.nextInt(sizes.length)]);
            } else if (dice < 75) {
                s3.deleteObject(b -> b.bucket(bucket).key(key));
                live.remove(key);
            } else if (dice < 92) {
                completeMultipart(key, operations % 4 == 0
                        ? new long[] {partBytes, 100_000}
                        : new long[] {200_000 + random.nextInt(800_000)});
            } else {
                abortMultipart(key);
            }
            operations++;
        }
    }

    private void put(String key, long size) throws IOException {
        long seed = random.nextLong();
        s3.putObject(b -> b.bucket(bucket).key(key),
                RequestBody.fromContentProvider(() -> Bodies.stream(size, seed), size, "application/octet-stream"));
        live.put(key, new Expected(size, Bodies.md5(Bodies.stream(size, seed)), size <= INLINE_LIMIT ? 0 : rows(size)));
        bytesWritten += size;
    }

    private void completeMultipart(String key, long[] partSizes) throws IOException {
        String uploadId = s3.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
        List<CompletedPart> parts = new ArrayList<>();
        List<InputStream> whole = new ArrayList<>();
        long size = 0;
        long rows = 0;
        for (int i = 0; i < partSizes.length; i++) {
            parts.add(uploadPart(key, uploadId, i + 1, partSizes[i], whole));
            size += partSizes[i];
            rows += rows(partSizes[i]);
        }
        s3.completeMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId).multipartUpload(m -> m.parts(parts)));
        live.put(key, new Expected(size, Bodies.md5(new SequenceInputStream(Collections.enumeration(whole))), rows));
    }

    private void abortMultipart(String key) {
        String uploadId = s3.createMultipartUpload(b -> b.bucket(bucket).key(key)).uploadId();
        uploadPart(key, uploadId, 1, 300_000, new ArrayList<>());
        s3.abortMultipartUpload(b -> b.bucket(bucket).key(key).uploadId(uploadId));
    }

    private CompletedPart uploadPart(String key, String uploadId, int number, long size, List<InputStream> whole) {
        long seed = random.nextLong();
        String etag = s3.uploadPart(b -> b.bucket(bucket).key(key).uploadId(uploadId).partNumber(number),
                RequestBody.fromContentProvider(() -> Bodies.stream(size, seed), size, "application/octet-stream")).eTag();
        whole.add(Bodies.stream(size, seed));
        bytesWritten += size;
        return CompletedPart.builder().partNumber(number).eTag(etag).build();
    }

    private static long rows(long size) {
        return (size + ROW - 1) / ROW;
    }

    Map<String, Expected> live() {
        return live;
    }

    long operations() {
        return operations;
    }

    long bytesWritten() {
        return bytesWritten;
    }
}
