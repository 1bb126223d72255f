package io.pgvs3.store.api.checksum;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class MultipartChecksumsTest {

    @ParameterizedTest
    @CsvSource({"CRC32", "CRC32C", "CRC64NVME"})
    void combinedCrcEqualsCrcOfConcatenation(ChecksumAlgorithm algorithm) {
        byte[] whole = "123456789".getBytes(StandardCharsets.US_ASCII);
        for (int split = 0; split <= whole.length; split++) {
            byte[] a = Arrays.copyOfRange(whole, 0, split);
            byte[] b = Arrays.copyOfRange(whole, split, whole.length);
            assertArrayEquals(algorithm.digest(whole),
                    Checksums.combineCrc(algorithm, algorithm.digest(a), algorithm.digest(b), b.length), "split " + split);
        }
    }

    @ParameterizedTest
    @CsvSource({"CRC32", "CRC32C", "CRC64NVME"})
    void fullObjectOfRandomParts(ChecksumAlgorithm algorithm) {
        Random random = new Random(42);
        ByteArrayOutputStream object = new ByteArrayOutputStream();
        List<PartChecksum> parts = new ArrayList<>();
        for (int size : new int[] {5_000_000, 1, 0, 8120, 123_457}) {
            byte[] part = new byte[size];
            random.nextBytes(part);
            object.writeBytes(part);
            parts.add(new PartChecksum(algorithm.digest(part), size));
        }
        ObjectChecksum full = MultipartChecksums.fullObject(algorithm, parts);
        assertEquals(ChecksumType.FULL_OBJECT, full.type());
        assertEquals(Checksums.base64(algorithm.digest(object.toByteArray())), full.value());
    }

    @Test
    void fullObjectRefusesDigests() {
        List<PartChecksum> parts = List.of(new PartChecksum(new byte[32], 1));
        assertThrows(IllegalArgumentException.class, () -> MultipartChecksums.fullObject(ChecksumAlgorithm.SHA256, parts));
        assertThrows(IllegalArgumentException.class, () -> MultipartChecksums.fullObject(ChecksumAlgorithm.CRC32, List.of()));
    }

    /** COMPOSITE = checksum of the concatenated raw part checksums, base64, "-" and the part count. */
    @ParameterizedTest
    @CsvSource({"CRC32", "CRC32C", "CRC64NVME", "SHA1", "SHA256"})
    void compositeIsChecksumOfChecksums(ChecksumAlgorithm algorithm) {
        byte[] p1 = algorithm.digest("Hello ".getBytes(StandardCharsets.US_ASCII));
        byte[] p2 = algorithm.digest("world".getBytes(StandardCharsets.US_ASCII));
        byte[] both = new byte[p1.length + p2.length];
        System.arraycopy(p1, 0, both, 0, p1.length);
        System.arraycopy(p2, 0, both, p1.length, p2.length);
        ObjectChecksum composite = MultipartChecksums.composite(algorithm,
                List.of(new PartChecksum(p1, 6), new PartChecksum(p2, 5)));
        assertEquals(ChecksumType.COMPOSITE, composite.type());
        assertEquals(Checksums.base64(algorithm.digest(both)) + "-2", composite.value());
    }

    /** Parts "a" and "b": COMPOSITE is the CRC32 of their 8 CRC bytes, FULL_OBJECT equals crc32("ab"). */
    @Test
    void compositeCrc32OfKnownParts() {
        // crc32("a") = 0xE8B7BE43, crc32("b") = 0x71BEEFF9; crc32 of bytes E8B7BE43 71BEEFF9:
        byte[] partA = {(byte) 0xE8, (byte) 0xB7, (byte) 0xBE, 0x43};
        byte[] partB = {0x71, (byte) 0xBE, (byte) 0xEF, (byte) 0xF9};
        assertArrayEquals(partA, ChecksumAlgorithm.CRC32.digest(new byte[] {'a'}));
        assertArrayEquals(partB, ChecksumAlgorithm.CRC32.digest(new byte[] {'b'}));
        ObjectChecksum composite = MultipartChecksums.composite(ChecksumAlgorithm.CRC32,
                List.of(new PartChecksum(partA, 1), new PartChecksum(partB, 1)));
        java.util.zip.CRC32 independent = new java.util.zip.CRC32();
        independent.update(new byte[] {(byte) 0xE8, (byte) 0xB7, (byte) 0xBE, 0x43, 0x71, (byte) 0xBE, (byte) 0xEF, (byte) 0xF9});
        assertEquals(Checksums.base64(Checksums.bigEndian(independent.getValue(), 4)) + "-2", composite.value());
        assertEquals("noNIbQ==", Checksums.base64(ChecksumAlgorithm.CRC32.digest("ab".getBytes(StandardCharsets.US_ASCII))),
                "crc32(\"ab\") for reference");
        assertEquals("noNIbQ==", MultipartChecksums.fullObject(ChecksumAlgorithm.CRC32,
                List.of(new PartChecksum(partA, 1), new PartChecksum(partB, 1))).value());
    }

    @Test
    void objectChecksumShapes() {
        new ObjectChecksum(ChecksumAlgorithm.CRC32, ChecksumType.COMPOSITE, "y/Q5Jg==-3");
        assertThrows(IllegalArgumentException.class,
                () -> new ObjectChecksum(ChecksumAlgorithm.CRC32, ChecksumType.COMPOSITE, "y/Q5Jg=="));
        assertThrows(IllegalArgumentException.class,
                () -> new ObjectChecksum(ChecksumAlgorithm.CRC32, ChecksumType.FULL_OBJECT, "y/Q5Jg==-3"));
        assertThrows(IllegalArgumentException.class,
                () -> new ObjectChecksum(ChecksumAlgorithm.SHA1, ChecksumType.FULL_OBJECT, "y/Q5Jg=="));
    }
}
