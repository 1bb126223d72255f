package io.pgvs3.s3.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.s3.http.S3Response;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.logging.Logger;
import org.opentest4j.AssertionFailedError;

/**
 * Compares an answer's bytes with its golden file, {@code src/test/resources/golden/<name>}, byte for
 * byte: declaration, namespaces, whitespace, element order. A mismatch fails with a line diff (golden
 * {@code -}, answer {@code +}). With {@code -Dpgvs3.golden.update=true} the golden file is rewritten
 * instead, to be reviewed in {@code git diff} (docs/testing.md, "Golden files").
 */
final class GoldenFile {

    static final String UPDATE_PROPERTY = "pgvs3.golden.update";

    private static final Logger LOG = Logger.getLogger(GoldenFile.class.getName());
    private static final String HOW_TO_UPDATE = "If the change is intended, rewrite the golden files with -D"
            + UPDATE_PROPERTY + "=true and review them in git diff.";

    private GoldenFile() {
    }

    /** The answer is an XML document whose bytes are the golden file's. */
    static void assertMatches(String name, S3Response answer) {
        assertEquals("application/xml", answer.header("Content-Type"), "Content-Type");
        assertMatches(name, Arrays.copyOfRange(answer.bytes(), answer.offset(), answer.offset() + answer.length()));
    }

    private static void assertMatches(String name, byte[] answer) {
        if (Boolean.getBoolean(UPDATE_PROPERTY)) {
            update(name, answer);
            return;
        }
        byte[] golden = read(name);
        String actual = new String(answer, StandardCharsets.UTF_8);
        if (golden == null) {
            throw new AssertionFailedError("there is no golden file golden/" + name + " yet; the answer is:\n"
                    + String.join("\n", TextDiff.lines(actual)) + "\n" + HOW_TO_UPDATE);
        }
        if (!Arrays.equals(golden, answer)) {
            String expected = new String(golden, StandardCharsets.UTF_8);
            throw new AssertionFailedError("the answer differs from golden/" + name + " from byte "
                    + Arrays.mismatch(golden, answer) + " on (- golden, + answer):\n"
                    + TextDiff.render(expected, actual) + HOW_TO_UPDATE,
                    String.join("\n", TextDiff.lines(expected)), String.join("\n", TextDiff.lines(actual)));
        }
    }

    /** The golden file as the build copied it to the test classpath, or null when there is none. */
    private static byte[] read(String name) {
        try (InputStream in = GoldenFile.class.getResourceAsStream("/golden/" + name)) {
            return in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Writes the source copy (surefire runs in the module's directory); an unchanged file is left alone. */
    private static void update(String name, byte[] answer) {
        Path file = Path.of(System.getProperty("basedir", ""), "src", "test", "resources", "golden", name);
        try {
            if (Files.exists(file) && Arrays.equals(Files.readAllBytes(file), answer)) {
                return;
            }
            Files.createDirectories(file.getParent());
            Files.write(file, answer);
            LOG.info("rewrote the golden file " + file.toAbsolutePath());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
