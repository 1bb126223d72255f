package io.pgvs3.store.multipart;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class PartAssemblyTest {

    private static final long MIB5 = PartAssembly.MIN_PART_SIZE;

    private static StoredPart part(int number, long file, long size) {
        byte[] md5 = new byte[16];
        md5[0] = (byte) number;
        return new StoredPart(number, file, size, new byte[32], md5, null, Instant.EPOCH);
    }

    private static CompletedPart listed(StoredPart part) {
        return new CompletedPart(part.partNumber(), "\"" + part.etag().toUpperCase() + "\"");
    }

    @Test
    void laysOutTheListedPartsAndLeavesTheOthersUnused() {
        StoredPart one = part(1, 101, MIB5);
        StoredPart three = part(3, 103, MIB5 + 1);
        StoredPart four = part(4, 104, 7);
        StoredPart two = part(2, 102, MIB5);
        PartAssembly a = PartAssembly.of(List.of(listed(one), listed(three), listed(four)), List.of(one, two, three, four));
        assertArrayEquals(new Long[] {101L, 103L, 104L}, a.files());
        assertArrayEquals(new Long[] {MIB5, 2 * MIB5 + 1, 2 * MIB5 + 8}, a.partEnds());
        assertEquals(2 * MIB5 + 8, a.size());
        assertEquals(List.of(102L), a.unused());
        assertEquals(MultipartEtag.of(List.of(one.md5(), three.md5(), four.md5())), a.etag());
    }

    @Test
    void partsOutOfOrderAreInvalidPartOrder() {
        StoredPart one = part(1, 1, MIB5);
        StoredPart two = part(2, 2, MIB5);
        for (List<CompletedPart> list : List.of(List.of(listed(two), listed(one)),
                List.of(listed(one), listed(two), listed(one)))) {
            assertEquals(StoreError.INVALID_PART_ORDER, assertThrows(StoreException.class,
                    () -> PartAssembly.listed(list)).error());
            assertEquals(StoreError.INVALID_PART_ORDER, assertThrows(StoreException.class,
                    () -> PartAssembly.of(list, List.of(one, two))).error());
        }
    }

    /** A part sent twice, the first upload finishing last: the client lists both answers, the last one counts. */
    @Test
    void aPartNumberListedAgainStandsForThePartUploadedLast() {
        StoredPart one = part(1, 1, MIB5);
        StoredPart two = part(2, 2, 9);
        CompletedPart earlier = new CompletedPart(1, "\"" + "0".repeat(32) + "\"");
        List<CompletedPart> effective = PartAssembly.listed(List.of(earlier, listed(one), listed(two), listed(two)));
        assertEquals(List.of(listed(one), listed(two)), effective);
        PartAssembly a = PartAssembly.of(effective, List.of(one, two));
        assertArrayEquals(new Long[] {1L, 2L}, a.files());
        assertEquals(MultipartEtag.of(List.of(one.md5(), two.md5())), a.etag());
        // the last entry of a number must name the stored part
        assertEquals(StoreError.INVALID_PART, assertThrows(StoreException.class,
                () -> PartAssembly.of(PartAssembly.listed(List.of(listed(one), earlier)), List.of(one))).error());
    }

    @Test
    void aNumberOutsideOneToTenThousandIsInvalidArgument() {
        StoredPart one = part(1, 1, MIB5);
        for (int number : new int[] {0, -1, 10_001, Integer.MIN_VALUE}) {
            List<CompletedPart> list = List.of(listed(one), new CompletedPart(number, "x"));
            assertEquals(StoreError.INVALID_ARGUMENT, assertThrows(StoreException.class,
                    () -> PartAssembly.listed(list)).error(), "part " + number);
        }
        assertEquals(StoreError.INVALID_PART, assertThrows(StoreException.class,
                () -> PartAssembly.listed(List.of())).error());
    }

    @Test
    void aMissingPartOrAnotherEtagIsInvalidPart() {
        StoredPart one = part(1, 1, MIB5);
        assertEquals(StoreError.INVALID_PART, assertThrows(StoreException.class,
                () -> PartAssembly.of(List.of(listed(one), new CompletedPart(2, "x")), List.of(one))).error());
        assertEquals(StoreError.INVALID_PART, assertThrows(StoreException.class,
                () -> PartAssembly.of(List.of(new CompletedPart(1, "\"00\"")), List.of(one))).error());
        assertEquals(StoreError.INVALID_PART, assertThrows(StoreException.class,
                () -> PartAssembly.of(List.of(), List.of(one))).error());
    }

    @Test
    void everyPartButTheLastNeedsFiveMebibytes() {
        StoredPart small = part(1, 1, MIB5 - 1);
        StoredPart last = part(2, 2, 1);
        assertEquals(StoreError.ENTITY_TOO_SMALL, assertThrows(StoreException.class,
                () -> PartAssembly.of(List.of(listed(small), listed(last)), List.of(small, last))).error());
        assertEquals(MIB5 - 1, PartAssembly.of(List.of(listed(small)), List.of(small, last)).size());
    }
}
