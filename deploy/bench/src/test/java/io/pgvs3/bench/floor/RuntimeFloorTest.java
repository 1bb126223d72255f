package io.pgvs3.bench.floor;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import org.junit.jupiter.api.Test;

class RuntimeFloorTest {
    private static byte[] answer() {
        byte[] body = new byte[RuntimeFloor.SIZE];
        for (int i = 0; i < body.length; i++) {
            body[i] = (byte) i;
        }
        return body;
    }

    @Test
    void theFloorsFourKiBPass() {
        assertNull(RuntimeFloor.problem(200, answer()));
    }

    @Test
    void anythingElseIsNamed() {
        assertEquals("answered 404", RuntimeFloor.problem(404, answer()));
        assertEquals("answered 4095 bytes, expected 4096", RuntimeFloor.problem(200, new byte[4095]));
        byte[] changed = answer();
        changed[300] = 0;
        assertEquals("byte 300 is 0, expected 44", RuntimeFloor.problem(200, changed));
    }
}
