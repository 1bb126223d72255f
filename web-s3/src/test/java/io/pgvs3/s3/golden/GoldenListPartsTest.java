package io.pgvs3.s3.golden;

import io.pgvs3.s3.handler.UploadListHandler;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartPage;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ListPartsResult: markers of a truncated page, each part's checksum, initiator, owner, the upload's checksum. */
class GoldenListPartsTest {

    private static PartInfo part(int number, String etag, long size, String crc32c) {
        return new PartInfo(number, etag, size, Instant.parse("2026-04-01T10:0" + number + ":00.500Z"),
                new ObjectChecksum(ChecksumAlgorithm.CRC32C, ChecksumType.FULL_OBJECT, crc32c));
    }

    @Test
    void aTruncatedPageOfPartsWithChecksums() {
        String key = "videos/b c\u00e4.mp4";
        PartPage page = new PartPage(
                new UploadInfo(key, "VXBsb2FkIElEIDE", Instant.parse("2026-04-01T10:00:00.123Z"), "CRC32C", "COMPOSITE"),
                List.of(part(2, "7ac66c0f148de9519b8bd264312c4d64", 5_242_880, "yZRlqg=="),
                        part(3, "b026324c6904b2a9cb4b88d6d61c81d1", 5_242_880, "4waSgw==")),
                true, 3);
        UploadListHandler handler = Wiring.wire(new UploadListHandler(),
                Stubs.answering(MultipartStore.class, "listParts", args -> page));
        GoldenFile.assertMatches("list-parts-truncated.xml", handler.listParts(Requests.get(S3Operation.LIST_PARTS,
                "media", key, "uploadId=VXBsb2FkIElEIDE&max-parts=2&part-number-marker=1")));
    }
}
