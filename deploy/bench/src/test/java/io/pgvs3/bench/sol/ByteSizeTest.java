package io.pgvs3.bench.sol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class ByteSizeTest {
    @Test
    void parsesBinaryUnitsAndLabelsThemShort() {
        assertEquals(10L << 20, ByteSize.parse("10MiB"));
        assertEquals(1L << 30, ByteSize.parse("1GiB"));
        assertEquals(512L << 10, ByteSize.parse(" 512KiB"));
        assertEquals(4096, ByteSize.parse("4096"));
        assertEquals("10m", ByteSize.label(10L << 20));
        assertEquals("1g", ByteSize.label(1L << 30));
        assertEquals("1536m", ByteSize.label(1536L << 20));
        assertEquals("100b", ByteSize.label(100));
        assertThrows(IllegalArgumentException.class, () -> ByteSize.parse("10MB"));
    }
}
