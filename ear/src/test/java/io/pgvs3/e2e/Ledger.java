package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import software.amazon.awssdk.services.s3.S3Client;

/** Acknowledged writes: key → MD5 of the body sent, recorded only once the gateway answered 200. */
final class Ledger {

    private final Map<String, String> acknowledged = new ConcurrentHashMap<>();

    void acknowledged(String key, String md5) {
        acknowledged.put(key, md5);
    }

    boolean has(String key) {
        return acknowledged.containsKey(key);
    }

    int size() {
        return acknowledged.size();
    }

    /** Reads every acknowledged object back through {@code s3} and compares the MD5 of its body. */
    void verify(S3Client s3, String bucket) throws IOException {
        for (Map.Entry<String, String> entry : acknowledged.entrySet()) {
            try (InputStream in = s3.getObject(b -> b.bucket(bucket).key(entry.getKey()))) {
                assertEquals(entry.getValue(), Bodies.md5(in), "acknowledged object " + entry.getKey());
            }
        }
    }
}
