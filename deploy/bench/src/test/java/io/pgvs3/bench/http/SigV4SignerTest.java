package io.pgvs3.bench.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The signer against AWS's published S3 SigV4 examples (Authorization header, single chunk). */
class SigV4SignerTest {
    private static final String HOST = "examplebucket.s3.amazonaws.com";
    private static final String DATE = "20130524T000000Z";
    private static final String PREFIX = "AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/aws4_request, ";

    private final SigV4Signer signer = new SigV4Signer(
            new Credentials("AKIAIOSFODNN7EXAMPLE", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY", "us-east-1"));

    @Test
    void getObjectWithARangeHeaderSigned() {
        assertEquals(PREFIX + "SignedHeaders=host;range;x-amz-content-sha256;x-amz-date, "
                        + "Signature=f0e8bdb87c964420e857bd35b5d6ed310bd44f0170aba48dd91039c6036bdb41",
                signer.authorization("GET", "/test.txt", "", HOST, SigV4Signer.EMPTY_SHA256, DATE,
                        "range", "bytes=0-9"));
    }

    @Test
    void listObjectsWithASortedQuery() {
        assertEquals(PREFIX + "SignedHeaders=host;x-amz-content-sha256;x-amz-date, "
                        + "Signature=34b48302e7b5fa45bde8084f4b7868a86f0a534bc59db6670ed5711ef69dc6f7",
                signer.authorization("GET", "/", Query.sorted("max-keys=2&prefix=J").canonical(), HOST,
                        SigV4Signer.EMPTY_SHA256, DATE));
    }

    @Test
    void bareQueryKeySignsWithAnEmptyValue() {
        assertEquals(PREFIX + "SignedHeaders=host;x-amz-content-sha256;x-amz-date, "
                        + "Signature=fea454ca298b7da1c68078a5d1bdbfbbe0d65c699e0f91ac7a200a0136783543",
                signer.authorization("GET", "/", new Query("lifecycle", "lifecycle=").canonical(), HOST,
                        SigV4Signer.EMPTY_SHA256, DATE));
    }

    @Test
    void theDaysKeyIsReusedAndReplacedWhenTheDayChanges() {
        String first = signer.authorization("GET", "/test.txt", "", HOST, SigV4Signer.EMPTY_SHA256, DATE);
        signer.authorization("GET", "/test.txt", "", HOST, SigV4Signer.EMPTY_SHA256, "20130525T000000Z");
        assertEquals(first, signer.authorization("GET", "/test.txt", "", HOST, SigV4Signer.EMPTY_SHA256, DATE));
    }
}
