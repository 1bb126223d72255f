package io.pgvs3.s3.golden;

import io.pgvs3.s3.handler.MultipartHandler;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** CompleteMultipartUploadResult: the object's URL-encoded Location, its key as is, ETag and composite checksum. */
class GoldenCompleteMultipartUploadTest {

    private static final String PARTS = "<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
            + "<Part><PartNumber>1</PartNumber><ETag>\"7ac66c0f148de9519b8bd264312c4d64\"</ETag></Part>"
            + "<Part><PartNumber>2</PartNumber><ETag>\"b026324c6904b2a9cb4b88d6d61c81d1\"</ETag></Part>"
            + "<Part><PartNumber>3</PartNumber><ETag>\"26ab0db90d72e28ad0ba1e22ee510510\"</ETag></Part>"
            + "</CompleteMultipartUpload>";

    @Test
    void aCompletedUploadWithACompositeChecksum() {
        PutResult result = new PutResult("3858f62230ac3c915f300c664312c11f-3", 10_485_761,
                Instant.parse("2026-04-01T10:05:00Z"),
                new ObjectChecksum(ChecksumAlgorithm.CRC32C, ChecksumType.COMPOSITE, "Zm9vYg==-3"), false);
        MultipartHandler handler = Wiring.wire(new MultipartHandler(),
                Stubs.answering(MultipartStore.class, "complete", args -> result));
        GoldenFile.assertMatches("complete-multipart-upload.xml", handler.complete(Requests.call("POST",
                S3Operation.COMPLETE_MULTIPART_UPLOAD, "media", "videos/b c\u00e4.mp4", "uploadId=VXBsb2FkIElEIDE",
                Map.of("Host", "s3.example.test:9000"), PARTS.getBytes(StandardCharsets.UTF_8))));
    }
}
