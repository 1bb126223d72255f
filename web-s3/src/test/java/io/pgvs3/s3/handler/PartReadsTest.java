package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.auth.RequestQuery;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.store.api.BodyLocation;
import io.pgvs3.store.api.ObjectMeta;
import java.io.ByteArrayInputStream;
import java.time.Instant;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** GET/HEAD {@code ?partNumber=N}: the part's bytes, or S3's InvalidPartNumber beyond the last part. */
class PartReadsTest {

    private static final ObjectMeta PLAIN = new ObjectMeta("b", "k", 10, "5d41402abc4b2a76b9719d911017c592",
            "text/plain", Map.of(), Instant.EPOCH, new BodyLocation(new byte[10], 0));

    @Test
    void partOneOfAnObjectNotUploadedInPartsIsAllOfIt() {
        assertEquals(9, PartReads.range(call("partNumber=1"), PLAIN).last());
    }

    /** Issue 21: the status stays 416 (S3's), and the answer names the part asked for and the part count, as S3's does. */
    @Test
    void aPartBeyondTheLastIs416InvalidPartNumberNamingBothNumbers() {
        S3Exception beyond = assertThrows(S3Exception.class, () -> PartReads.range(call("partNumber=3"), PLAIN));
        assertEquals(S3ErrorCode.INVALID_PART_NUMBER, beyond.code());
        assertEquals(416, beyond.code().status());
        assertEquals("The requested partnumber is not satisfiable", beyond.getMessage());
        assertEquals(Map.of("PartNumberRequested", "3", "ActualPartCount", "1"), beyond.details());
    }

    private static S3Call call(String rawQuery) {
        return new S3Call(new Route(S3Operation.GET_OBJECT, "b", "k", null), "GET", Map.of(),
                RequestQuery.parse(rawQuery), "request", null, 0, new ByteArrayInputStream(new byte[0]), Map::of);
    }
}
