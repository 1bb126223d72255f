package io.pgvs3.store.multipart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.HexFormat;
import java.util.List;
import org.junit.jupiter.api.Test;

class MultipartEtagTest {

    private static final HexFormat HEX = HexFormat.of();

    @Test
    void md5OfTheConcatenatedBinaryPartMd5sThenThePartCount() {
        // md5("a") and md5("b"); md5 of their 32 concatenated bytes computed independently (xxd -r -p | md5sum)
        List<byte[]> parts = List.of(HEX.parseHex("0cc175b9c0f1b6a831c399e269772661"),
                HEX.parseHex("92eb5ffee6ae2fec3ad71c777531578f"));
        assertEquals("96e024ba2074fe77e8e965ba43a704be-2", MultipartEtag.of(parts));
    }

    @Test
    void aSinglePartStillGetsTheSuffixAndDiffersFromThePartMd5() {
        byte[] md5 = HEX.parseHex("0cc175b9c0f1b6a831c399e269772661");
        String etag = MultipartEtag.of(List.of(md5));
        assertEquals(34, etag.length());
        assertEquals("-1", etag.substring(32));
        assertEquals(false, etag.startsWith("0cc175b9c0f1b6a831c399e269772661"));
    }

    @Test
    void integrityDigestIsSha256OfThePartDigests() throws Exception {
        byte[] a = new byte[32];
        byte[] b = new byte[32];
        b[0] = 1;
        byte[] both = new byte[64];
        both[32] = 1;
        assertArrayEquals(java.security.MessageDigest.getInstance("SHA-256").digest(both),
                MultipartEtag.sha256OfParts(List.of(a, b)));
    }
}
