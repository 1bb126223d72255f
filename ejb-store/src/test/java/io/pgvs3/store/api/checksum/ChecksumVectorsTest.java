package io.pgvs3.store.api.checksum;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.nio.charset.StandardCharsets;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Published check values: the CRC catalogue's "123456789" values and the AWS SDKs' "Hello world" values. */
class ChecksumVectorsTest {

    private static byte[] ascii(String s) {
        return s.getBytes(StandardCharsets.US_ASCII);
    }

    /** check = CRC of "123456789" (reveng.sourceforge.io CRC catalogue), as S3's base64 of the big-endian bytes. */
    @ParameterizedTest
    @CsvSource({
        "CRC32,     y/Q5Jg==",      // 0xCBF43926
        "CRC32C,    4waSgw==",      // 0xE3069283
        "CRC64NVME, rosUhgp5mIg=",  // 0xAE8B14860A799888
        "SHA1,      98O8HYCOBHMq32eZZczDTKeuNEE=",
        "SHA256,    FeKw08M4keuw8e9gnsQZQgwg4yDOlMZfvIwzEkSOsiU="})
    void checkValues(ChecksumAlgorithm algorithm, String base64) {
        assertEquals(base64, Checksums.base64(algorithm.digest(ascii("123456789"))));
    }

    /** The values the AWS SDKs' flexible-checksum tests expect for the body "Hello world". */
    @ParameterizedTest
    @CsvSource({
        "CRC32,     i9aeUg==",
        "CRC32C,    crUfeA==",
        "CRC64NVME, OOJZ0D8xKts=",
        "SHA1,      e1AsOh9IyGCa4hLN+2Od7jlnP14=",
        "SHA256,    ZOyIygCyaOW6GjVnihtTFtIS9PNmskdyMlNKiuyjfzw="})
    void awsSdkHelloWorld(ChecksumAlgorithm algorithm, String base64) {
        assertEquals(base64, Checksums.base64(algorithm.digest(ascii("Hello world"))));
    }

    @Test
    void crc64nvmeCheckValueAsLong() {
        Crc64Nvme crc = new Crc64Nvme();
        crc.update(ascii("123456789"), 0, 9);
        assertEquals(0xAE8B14860A799888L, crc.getValue());
        crc.reset();
        assertEquals(0L, crc.getValue());
    }

    /** Slicing-by-8, the byte-at-a-time tail and single-byte updates agree, whatever the split. */
    @ParameterizedTest
    @CsvSource({"CRC32", "CRC32C", "CRC64NVME", "SHA1", "SHA256"})
    void splitUpdatesAgree(ChecksumAlgorithm algorithm) {
        byte[] data = new byte[1000];
        new Random(7).nextBytes(data);
        byte[] whole = algorithm.digest(data);
        for (int split : new int[] {0, 1, 7, 8, 9, 63, 500, 999, 1000}) {
            RunningChecksum running = algorithm.newChecksum();
            running.update(data, 0, split);
            running.update(data, split, data.length - split);
            assertArrayEquals(whole, running.digest(), "split at " + split);
        }
        Crc64Nvme bytewise = new Crc64Nvme();
        for (byte b : data) {
            bytewise.update(b);
        }
        Crc64Nvme sliced = new Crc64Nvme();
        sliced.update(data, 0, data.length);
        assertEquals(sliced.getValue(), bytewise.getValue());
    }

    /** The three-lane path (groups of 3 x LANE bytes) and its joins agree with the byte-wise CRC. */
    @Test
    void crc64nvmeLanesAgreeWithByteWise() {
        byte[] data = new byte[7 * Crc64Nvme.LANE + 13];
        new Random(8).nextBytes(data);
        Crc64Nvme bytewise = new Crc64Nvme();
        for (byte b : data) {
            bytewise.update(b);
        }
        for (int split : new int[] {0, 1, 3 * Crc64Nvme.LANE - 1, 3 * Crc64Nvme.LANE, 3 * Crc64Nvme.LANE + 5,
            data.length - 1}) {
            Crc64Nvme laned = new Crc64Nvme();
            laned.update(data, 0, split);
            laned.update(data, split, data.length - split);
            assertEquals(bytewise.getValue(), laned.getValue(), "split at " + split);
        }
        Crc64Nvme offset = new Crc64Nvme();
        offset.update(data, 3, data.length - 3);
        Crc64Nvme reference = new Crc64Nvme();
        for (int i = 3; i < data.length; i++) {
            reference.update(data[i]);
        }
        assertEquals(reference.getValue(), offset.getValue(), "an unaligned start");
    }

    @Test
    void namesAndHeaders() {
        assertEquals(ChecksumAlgorithm.CRC32C, ChecksumAlgorithm.fromWireName("crc32c"));
        assertEquals(ChecksumAlgorithm.CRC64NVME, ChecksumAlgorithm.fromHeaderName("X-Amz-Checksum-CRC64NVME"));
        assertEquals("x-amz-checksum-sha256", ChecksumAlgorithm.SHA256.headerName());
        assertNull(ChecksumAlgorithm.fromWireName("MD5"));
        assertNull(ChecksumAlgorithm.fromHeaderName("x-amz-checksum-mode"));
        assertNull(ChecksumAlgorithm.fromHeaderName("content-md5"));
        assertEquals(ChecksumType.COMPOSITE, ChecksumType.fromWireName("composite"));
        assertNull(ChecksumType.fromWireName("PARTIAL"));
    }

    @Test
    void decodeRefusesWrongLengthsAndGarbage() {
        assertArrayEquals(new byte[] {(byte) 0xCB, (byte) 0xF4, 0x39, 0x26},
                Checksums.decode(ChecksumAlgorithm.CRC32, "y/Q5Jg=="));
        assertNull(Checksums.decode(ChecksumAlgorithm.CRC32, "rosUhgp5mIg="), "8 bytes are not a CRC32");
        assertNull(Checksums.decode(ChecksumAlgorithm.CRC32, "not base64!"));
        assertNull(Checksums.decode(ChecksumAlgorithm.CRC32, ""));
        assertNull(Checksums.decodeMd5("y/Q5Jg=="));
        assertEquals(16, Checksums.decodeMd5("1B2M2Y8AsgTpgAmY7PhCfg==").length);
        // MD5 of the empty body, as Content-MD5 carries it
        assertEquals("1B2M2Y8AsgTpgAmY7PhCfg==", Checksums.base64(Checksums.md5(new byte[0])));
    }
}
