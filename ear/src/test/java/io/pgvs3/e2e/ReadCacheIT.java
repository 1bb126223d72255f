package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.InputStream;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.core.sync.RequestBody;
import software.amazon.awssdk.services.s3.S3Client;

/** The gateway read cache through the AWS SDK: a repeated GET is a hit, an overwrite is never served stale. */
@ExtendWith(Stack.class)
class ReadCacheIT {

    private static final String BUCKET = Clients.bucket("readcache");
    private static final int SIZE = 3 * 1024 * 1024 + 5;
    private static S3Client gateway0;
    private static S3Client gateway1;

    @BeforeAll
    static void createBucket() {
        gateway0 = Clients.s3(0);
        gateway1 = Clients.s3(1);
        gateway0.createBucket(b -> b.bucket(BUCKET));
    }

    @AfterAll
    static void close() {
        gateway0.close();
        gateway1.close();
    }

    @Test
    void aSecondReadIsAHitAndAnOverwriteReadsItsNewBytesOnEveryGateway() throws Exception {
        byte[] first = Bodies.bytes(SIZE, 1);
        gateway0.putObject(b -> b.bucket(BUCKET).key("hot"), RequestBody.fromBytes(first));
        assertEquals(Bodies.md5(first), md5(gateway0, "hot"));
        assertEquals(Bodies.md5(first), md5(gateway1, "hot")); // gateway 1 caches the old file too

        Scrape before = Scrape.of(Stack.adminEndpoint(0));
        assertEquals(Bodies.md5(first), md5(gateway0, "hot"));
        Scrape after = Scrape.of(Stack.adminEndpoint(0));
        double hits = after.value("pgvs3_read_cache_hit_bytes_total") - before.value("pgvs3_read_cache_hit_bytes_total");
        assertTrue(hits >= SIZE, "hit bytes grew by " + hits);
        assertEquals(Stack.READ_CACHE_BYTES, after.value("pgvs3_read_cache_budget_bytes"));
        assertTrue(after.value("pgvs3_read_cache_bytes") <= Stack.READ_CACHE_BYTES);

        byte[] second = Bodies.bytes(SIZE, 2);
        gateway0.putObject(b -> b.bucket(BUCKET).key("hot"), RequestBody.fromBytes(second));
        assertEquals(Bodies.md5(second), md5(gateway0, "hot"));
        assertEquals(Bodies.md5(second), md5(gateway1, "hot"), "the other gateway's cache is never stale");
        assertEquals(Bodies.md5(second), md5(gateway0, "hot"), "and the new bytes are served again");
    }

    private static String md5(S3Client s3, String key) throws Exception {
        try (InputStream in = s3.getObject(b -> b.bucket(BUCKET).key(key))) {
            return Bodies.md5(in);
        }
    }
}
