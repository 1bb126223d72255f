package io.pgvs3.store.origin;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class OriginConfigTest {

    @Test
    void fillsEveryDefaultAndKeepsTheNormalizedDocumentStable() {
        OriginConfig config = OriginConfig.parse("lake", "{\"endpoint\": \"https://s3.eu-west-1.amazonaws.com\","
                + " \"credentials\": \"prod\"}");
        assertEquals("lake", config.originBucket(), "the origin bucket defaults to the same name");
        assertEquals("us-east-1", config.region());
        assertEquals("", config.prefix());
        assertEquals(Duration.ofMinutes(5), config.ttl());
        assertEquals(8L << 20, config.writeBackThreshold());
        assertEquals(0, config.rangeCache());
        assertEquals(config, OriginConfig.parse("lake", config.toJson()));
        assertEquals(config.toJson(), OriginConfig.parse("lake", config.toJson()).toJson());
    }

    @Test
    void readsEveryField() {
        OriginConfig config = OriginConfig.parse("lake", """
                {"endpoint": "http://127.0.0.1:9000", "region": "eu-central-1", "pathStyle": false,
                 "originBucket": "raw", "prefix": "tenant-a/", "credentials": "minio-1", "ttl": "PT30S",
                 "writeBackThreshold": 1048576, "rangeCache": 1048576}""");
        assertEquals("http://127.0.0.1:9000", config.endpoint().toString());
        assertEquals("eu-central-1", config.region());
        assertEquals(false, config.pathStyle());
        assertEquals("tenant-a/x.parquet", config.originKey("x.parquet"));
        assertEquals(Duration.ofSeconds(30), config.ttl());
        assertEquals(1 << 20, config.writeBackThreshold());
        assertEquals(1 << 20, config.rangeCache());
        assertEquals(config, OriginConfig.parse("lake", config.toJson()));
    }

    @Test
    void refusesWhatItCannotUseNamingTheField() {
        assertRefused("{\"credentials\": \"a\"}", "endpoint");
        assertRefused("{\"endpoint\": \"https://s3.example.com\"}", "credentials");
        assertRefused("{\"endpoint\": \"https://s3.example.com\", \"credentials\": \"a\", \"ttl\": \"5m\"}", "ttl");
        assertRefused("{\"endpoint\": \"https://s3.example.com\", \"credentials\": \"a\", \"colour\": 1}", "colour");
        assertRefused("{\"endpoint\": \"https://s3.example.com\", \"credentials\": \"A B\"}", "credentials");
        assertRefused("{\"endpoint\": \"ftp://s3.example.com\", \"credentials\": \"a\"}", "endpoint");
        assertRefused("{\"endpoint\": \"https://s3.example.com\", \"credentials\": \"a\", \"rangeCache\": 12}",
                "rangeCache");
        assertRefused("[1, 2]", "JSON object");
    }

    @Test
    void plainHttpOnlyOnLoopback() {
        assertRefused("{\"endpoint\": \"http://s3.example.com\", \"credentials\": \"a\"}", "https");
        assertRefused("{\"endpoint\": \"http://10.0.0.1:9000\", \"credentials\": \"a\"}", "https");
        for (String loopback : new String[] {"http://127.0.0.1:9000", "http://localhost:9000", "http://[::1]:9000"}) {
            assertEquals(loopback, OriginConfig.parse("b", "{\"endpoint\": \"" + loopback + "\", \"credentials\": \"a\"}")
                    .endpoint().toString());
        }
    }

    private static void assertRefused(String json, String named) {
        StoreException e = assertThrows(StoreException.class, () -> OriginConfig.parse("b", json));
        assertEquals(StoreError.INVALID_ARGUMENT, e.error());
        assertTrue(e.getMessage().contains(named), e.getMessage());
    }
}
