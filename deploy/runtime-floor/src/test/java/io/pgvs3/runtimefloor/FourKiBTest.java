package io.pgvs3.runtimefloor;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class FourKiBTest {
    /** The benchmark harness checks the answer byte by byte against this pattern (io.pgvs3.bench.floor). */
    @Test
    void theBodyIsFourKiBWhoseByteIIsIModulo256() {
        byte[] body = new FourKiB().get();
        assertEquals(4096, body.length);
        for (int i = 0; i < body.length; i++) {
            assertEquals((byte) i, body[i], "byte " + i);
        }
    }
}
