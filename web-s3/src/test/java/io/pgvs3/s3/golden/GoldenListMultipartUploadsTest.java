package io.pgvs3.s3.golden;

import io.pgvs3.s3.handler.UploadListHandler;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadPage;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

/** ListMultipartUploadsResult: markers, encoding-type=url, CommonPrefixes, two uploads of one key, checksums. */
class GoldenListMultipartUploadsTest {

    @Test
    void aTruncatedUrlEncodedPageEndingInAnUpload() {
        String key = "videos/b c\u00e4.mp4";
        UploadPage page = new UploadPage(
                List.of(new UploadInfo(key, "VXBsb2FkIElEIDE", Instant.parse("2026-04-01T10:00:00.123Z"), "CRC32C",
                                "COMPOSITE"),
                        new UploadInfo(key, "VXBsb2FkIElEIDI", Instant.parse("2026-04-01T10:00:01Z"), null, null)),
                List.of("videos/2026/"), true, key, "VXBsb2FkIElEIDI");
        UploadListHandler handler = Wiring.wire(new UploadListHandler(),
                Stubs.answering(MultipartStore.class, "listUploads", args -> page));
        GoldenFile.assertMatches("list-multipart-uploads-url-encoded.xml", handler.listUploads(Requests.get(
                S3Operation.LIST_MULTIPART_UPLOADS, "media", null, "uploads&prefix=videos%2F&delimiter=%2F"
                        + "&encoding-type=url&key-marker=videos%2Fa%20b.mp4&upload-id-marker=VXBsb2FkIElEIDA&max-uploads=3")));
    }
}
