package io.pgvs3.s3.golden;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.s3.http.S3Response;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledIfSystemProperty;
import org.opentest4j.AssertionFailedError;

/**
 * The comparison itself: any changed byte fails, with a diff that shows it. It compares altered copies
 * of one golden file with that file, so it never runs while golden files are rewritten.
 */
@DisabledIfSystemProperty(named = GoldenFile.UPDATE_PROPERTY, matches = "true")
class GoldenFileTest {

    private static final String NAME = "copy-object.xml";

    private static String golden;

    @BeforeAll
    static void readTheGoldenFile() throws IOException {
        try (InputStream in = GoldenFileTest.class.getResourceAsStream("/golden/" + NAME)) {
            golden = new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }

    private static S3Response answer(String xml) {
        return S3Response.xml(xml.getBytes(StandardCharsets.UTF_8));
    }

    private static String failure(S3Response answer) {
        return assertThrows(AssertionFailedError.class, () -> GoldenFile.assertMatches(NAME, answer)).getMessage();
    }

    @Test
    void theSameBytesPass() {
        GoldenFile.assertMatches(NAME, answer(golden));
    }

    @Test
    void aChangedElementFailsWithALineDiffAndTheOffset() {
        String message = failure(answer(golden.replace("FULL_OBJECT", "COMPOSITE")));
        assertTrue(message.contains("from byte " + golden.indexOf("FULL_OBJECT") + " on"), message);
        assertTrue(message.contains("\n- <ChecksumType>FULL_OBJECT</ChecksumType>\n"
                + "+ <ChecksumType>COMPOSITE</ChecksumType>\n"), message);
    }

    @Test
    void aTrailingNewlineIsADifferenceAndShown() {
        String message = failure(answer(golden + "\n"));
        assertTrue(message.contains("\n+ </CopyObjectResult>\\n\n"), message);
    }

    @Test
    void aMissingGoldenFileFailsAndShowsTheAnswer() {
        AssertionFailedError failure = assertThrows(AssertionFailedError.class,
                () -> GoldenFile.assertMatches("no-such-golden.xml", answer(golden)));
        assertTrue(failure.getMessage().contains("\n<ChecksumType>FULL_OBJECT</ChecksumType>\n"), failure.getMessage());
    }

    @Test
    void anAnswerThatIsNotXmlFails() {
        S3Response text = S3Response.ok().header("Content-Type", "text/plain")
                .body(golden.getBytes(StandardCharsets.UTF_8)).build();
        assertEquals("Content-Type ==> expected: <application/xml> but was: <text/plain>", failure(text));
    }
}
