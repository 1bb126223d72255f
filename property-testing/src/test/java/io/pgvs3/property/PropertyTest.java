package io.pgvs3.property;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.Properties;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.opentest4j.AssertionFailedError;

class PropertyTest {

    private static final Gen<Integer> SMALL = random -> random.nextInt(1000);

    /** A long run's -Dpgvs3.fuzz.tries must not reach these tests of the harness itself. */
    private static final Properties OUTER = new Properties();

    @BeforeAll
    static void setOuterSettingsAside() {
        for (String key : List.of(FuzzSettings.SEED, FuzzSettings.TRIES)) {
            String value = System.getProperty(key);
            if (value != null) {
                OUTER.setProperty(key, value);
            }
        }
    }

    @BeforeEach
    @AfterEach
    void clearSettings() {
        System.clearProperty(FuzzSettings.SEED);
        System.clearProperty(FuzzSettings.TRIES);
    }

    @AfterAll
    static void restoreOuterSettings() {
        OUTER.forEach((key, value) -> System.setProperty((String) key, (String) value));
    }

    @Test
    void runsTheGivenNumberOfTriesAndTheOverrideReplacesIt() {
        List<Integer> seen = new ArrayList<>();
        Property.forAll(SMALL).tries(37).check(seen::add);
        assertEquals(37, seen.size());
        System.setProperty(FuzzSettings.TRIES, "5");
        seen.clear();
        Property.forAll(SMALL).tries(37).check(seen::add);
        assertEquals(5, seen.size());
    }

    @Test
    void aFailureNamesTheSeedThatReplaysTheSameTryAndInput() {
        AssertionFailedError first = assertThrows(AssertionFailedError.class,
                () -> Property.forAll(SMALL).tries(10_000).check(n -> assertTrue(n < 990)));
        Matcher seed = Pattern.compile("-Dpgvs3\\.fuzz\\.seed=(-?\\d+)").matcher(first.getMessage());
        assertTrue(seed.find(), first.getMessage());
        System.setProperty(FuzzSettings.SEED, seed.group(1));
        AssertionFailedError replayed = assertThrows(AssertionFailedError.class,
                () -> Property.forAll(SMALL).tries(10_000).check(n -> assertTrue(n < 990)));
        assertEquals(first.getMessage(), replayed.getMessage());
    }

    @Test
    void anyThrowableOfTheCheckFailsTheProperty() {
        AssertionFailedError e = assertThrows(AssertionFailedError.class,
                () -> Property.forAll(SMALL).check(n -> {
                    throw new StackOverflowError("deep");
                }));
        assertTrue(e.getCause() instanceof StackOverflowError);
    }

    @Test
    void aCheckAllocatingPastTheCapFails() {
        Property.forAll(SMALL).tries(20).maxAllocatedBytesPerTry(1 << 20).check(n -> blackhole(new byte[1000]));
        AssertionFailedError e = assertThrows(AssertionFailedError.class, () -> Property.forAll(SMALL).tries(20)
                .maxAllocatedBytesPerTry(1 << 20).check(n -> blackhole(new byte[8 << 20])));
        assertTrue(e.getMessage().contains("allocated"), e.getMessage());
    }

    @Test
    void aTryThatNeverReturnsFailsAsAHang() {
        CountDownLatch never = new CountDownLatch(1);
        AssertionFailedError e = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThrows(
                AssertionFailedError.class, () -> Property.forAll(SMALL).stallAfterSeconds(1).check(n -> never.await())));
        assertTrue(e.getMessage().contains("made no progress"), e.getMessage());
    }

    @Test
    void bytesAreShownEscapedWithTheirLength() {
        assertEquals("4 bytes \"a\\r\\n\\xff\"", Inputs.describe(new byte[] {'a', '\r', '\n', (byte) 0xff}));
    }

    private static volatile Object sink;

    private static void blackhole(Object o) {
        sink = o;
    }
}
