package io.pgvs3.s3.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/** The chunk and trailer chains printed on AWS's chunked-upload and trailing-header pages. */
class ChunkSignerTest {
    private final SigV4Verifier verifier = new SigV4Verifier(AwsExamples.store(), Duration.ofMinutes(15), "us-east-1");

    private static byte[] sha256OfAs(int n) throws Exception {
        byte[] data = new byte[n];
        Arrays.fill(data, (byte) 'a');
        return MessageDigest.getInstance("SHA-256").digest(data);
    }

    @Test
    void chunkedUploadChain() throws Exception {
        ChunkSigner signer = verifier.verify(AwsExamples.chunkedPut().build()).chunkSigner();
        String s1 = signer.chunkSignature(signer.seedSignature(), sha256OfAs(65536));
        assertEquals("ad80c730a21e5b8d04586a2213dd63b9a0e99e0e2307b0ade35a65485a288648", s1);
        String s2 = signer.chunkSignature(s1, sha256OfAs(1024));
        assertEquals("0055627c9e194cb4542bae2aa5492e3c1575bbb81b612b7d234b86a503ef5497", s2);
        assertEquals("b6c6ea8a5354eaf15b3cb7646744f4275b71ea724fed81ceb9323e279d449df9",
                signer.chunkSignature(s2, sha256OfAs(0)));
    }

    @Test
    void trailerChain() throws Exception {
        ChunkSigner signer = verifier.verify(AwsExamples.chunkedPutWithTrailer().build()).chunkSigner();
        String s1 = signer.verifyChunk(signer.seedSignature(), sha256OfAs(65536),
                "b474d8862b1487a5145d686f57f013e54db672cee1c953b3010fb58501ef5aa2");
        String s2 = signer.verifyChunk(s1, sha256OfAs(1024),
                "1c1344b170168f8e65b41376b44b20fe354e373826ccbbe2c1d40a8cae51e5c7");
        String last = signer.verifyChunk(s2, sha256OfAs(0),
                "2ca2aba2005185cf7159c6277faf83795951dd77a3a99e6e65d5c9f85863f992");
        byte[] trailer = MessageDigest.getInstance("SHA-256")
                .digest("x-amz-checksum-crc32c:sOO8/Q==\n".getBytes(StandardCharsets.UTF_8));
        assertEquals("d81f82fc3505edab99d459891051a732e8730629a2e4a59689829ca17fe2e435",
                signer.trailerSignature(last, trailer));
        assertThrows(AuthException.class, () -> signer.verifyTrailer(s2, trailer,
                "d81f82fc3505edab99d459891051a732e8730629a2e4a59689829ca17fe2e435"));
    }

    @Test
    void verifyChunkRejectsMismatchAndNull() throws Exception {
        ChunkSigner signer = verifier.verify(AwsExamples.chunkedPut().build()).chunkSigner();
        byte[] h = sha256OfAs(65536);
        assertEquals(AuthFailure.SIGNATURE_DOES_NOT_MATCH, assertThrows(AuthException.class,
                () -> signer.verifyChunk(signer.seedSignature(), h, "0".repeat(64))).failure());
        assertThrows(AuthException.class, () -> signer.verifyChunk(signer.seedSignature(), h, null));
    }
}
