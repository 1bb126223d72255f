package io.pgvs3.s3.golden;

import io.pgvs3.s3.handler.CopyHandler;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CopyObjectResult: LastModified, the quoted ETag and the copy's checksum with its type. */
class GoldenCopyObjectTest {

    /** Within a bucket and without a new checksum algorithm the copy shares the source's files and answers at once. */
    @Test
    void aCopyWithinABucketKeepsTheSourcesChecksum() {
        PutResult result = new PutResult("9b2cf535f27731c974343645a3985328", 434_234,
                Instant.parse("2026-04-02T16:45:12.345678Z"),
                new ObjectChecksum(ChecksumAlgorithm.CRC32, ChecksumType.FULL_OBJECT, "NhCmhg=="), false);
        CopyHandler handler = Wiring.wire(new CopyHandler(), Stubs.answering(ObjectStore.class, "copy", args -> result));
        GoldenFile.assertMatches("copy-object.xml", handler.copyObject(Requests.call("PUT", S3Operation.COPY_OBJECT,
                "media", "photos/copy of a.jpg", null, Map.of("x-amz-copy-source", "/media/photos/a%20b%2Bc.jpg"),
                new byte[0])));
    }
}
