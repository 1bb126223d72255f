package io.pgvs3.s3.auth;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class RepeatedValuesTest {

    private final List<String> parsed = new ArrayList<>();

    private RepeatedValues<String, Integer> lengths(int capacity) {
        return new RepeatedValues<>(capacity, value -> {
            parsed.add(value);
            if (value.isEmpty()) {
                throw new AuthException(AuthFailure.AUTHORIZATION_HEADER_MALFORMED, "empty");
            }
            return value.length();
        });
    }

    @Test
    void parsesARepeatedValueOnce() {
        RepeatedValues<String, Integer> values = lengths(8);
        Integer first = values.of("AKID/20261205/us-east-1/s3/aws4_request");
        Integer again = values.of(new String( // another request: an equal value, not the same string
                "AKID/20261205/us-east-1/s3/aws4_request"));
        assertEquals(first, again);
        assertEquals(List.of("AKID/20261205/us-east-1/s3/aws4_request"), parsed);
    }

    @Test
    void aRefusedValueIsRefusedEveryTimeAndNeverKept() {
        RepeatedValues<String, Integer> values = lengths(8);
        assertThrows(AuthException.class, () -> values.of(""));
        assertThrows(AuthException.class, () -> values.of(""));
        assertEquals(List.of("", ""), parsed);
        assertEquals(0, values.size());
    }

    @Test
    void keepsNoMoreThanItsCapacity() {
        RepeatedValues<String, Integer> values = lengths(3);
        for (int i = 0; i < 10; i++) {
            assertEquals(String.valueOf(i * 1000).length(), values.of(String.valueOf(i * 1000)));
            assertEquals(i % 3 + 1, values.size()); // full at three, then it starts over
        }
        assertEquals(10, parsed.size());
    }
}
