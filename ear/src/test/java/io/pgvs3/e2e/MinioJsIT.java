package io.pgvs3.e2e;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** minio-js (npm) at its default settings through {@code ear/src/test/node/minio-js.mjs}. */
@ExtendWith(Stack.class)
class MinioJsIT {

    private static final String BUCKET = Clients.bucket("minio-js");

    @BeforeAll
    static void bucket() throws Exception {
        minio("makeBucket");
    }

    private static void minio(String flow) throws Exception {
        NodeScripts.run("minio-js.mjs", flow, BUCKET, 0);
    }

    @Test
    void putGetStatPartialGetListAndRemoveObjects() throws Exception {
        minio("putGetStatRemove");
    }

    @Test
    void aStreamOfUnknownLengthGoesUpInParts() throws Exception {
        minio("multipartStream");
    }

    @Test
    void presignedPutAndGet() throws Exception {
        minio("presigned");
    }
}
