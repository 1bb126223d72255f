package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import software.amazon.awssdk.services.s3.S3Client;

/**
 * The AWS SDK for JavaScript v3 and @aws-sdk/lib-storage at their default settings (CRC32 checksums),
 * and with {@code expectContinueHeader: false}, through {@code ear/src/test/node/js-sdk.mjs}.
 */
@ExtendWith(Stack.class)
class JsSdkIT {

    private static final String BUCKET = Clients.bucket("js-sdk");
    private static final long MIB = 1024 * 1024;

    @BeforeAll
    static void bucket() throws Exception {
        js("createBucket");
    }

    private static void js(String flow) throws Exception {
        NodeScripts.run("js-sdk.mjs", flow, BUCKET, 1);
    }

    @Test
    void putObjectBelowTwoMebibytesWithDefaultChecksums() throws Exception {
        js("putSizes");
    }

    @Test
    void rangedGet() throws Exception {
        js("rangedGet");
    }

    @Test
    void listObjectsV2PagesAndDeleteObjects() throws Exception {
        js("listPagesAndDeleteObjects");
    }

    @Test
    void presignedPutAndGet() throws Exception {
        js("presignedUrls");
    }

    /**
     * The client configuration docs/s3-compatibility.md gives Node.js users: with {@code
     * expectContinueHeader: false} (an S3Client option of the pinned 3.1175.0; default 2 MiB) the SDK sends no {@code
     * Expect: 100-continue}, so the bodies that fail below at the default settings are stored and answered.
     */
    @Test
    void uploadsWithoutExpectContinueSucceed() throws Exception {
        js("putWithoutExpect");
        js("libStorageUploadWithoutExpect");
    }

    /**
     * Known deviation (docs/adr/0026): for bodies of 2 MiB and more the SDK sends {@code Expect:
     * 100-continue} with {@code Connection: close}; Liberty's channel writes its interim 100 with
     * {@code Connection: Close} (no setting removes it from 1xx only), and Node's parser then refuses the
     * final answer although the object is stored. This pins today's answer: when Liberty sends a clean
     * 100, the flow succeeds, this test fails, and the tests below become plain flows again.
     */
    @Test
    void uploadsWithExpectContinueAreStoredButNodesParserRefusesTheAnswer() throws Exception {
        Commands.Result put = NodeScripts.result("js-sdk.mjs", "expectContinuePut", BUCKET, 1);
        assertNotEquals(0, put.exitCode(), put.output());
        assertTrue(put.output().contains("HPE_CLOSED_CONNECTION"), put.output());
        try (S3Client s3 = Clients.s3(0)) {
            assertEquals(20 * MIB, s3.headObject(b -> b.bucket(BUCKET).key("expect/20MiB")).contentLength());
        }
        Commands.Result upload = NodeScripts.result("js-sdk.mjs", "libStorageUpload", BUCKET, 1);
        assertNotEquals(0, upload.exitCode(), upload.output());
        assertTrue(upload.output().contains("HPE_CLOSED_CONNECTION"), upload.output());
    }
}
