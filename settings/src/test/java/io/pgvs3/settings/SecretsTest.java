package io.pgvs3.settings;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretsTest {

    @TempDir
    Path dir;

    @Test
    void aDirectValueIsUsedAsGiven() {
        Secrets.Resolved r = Secrets.resolve("pgvs3.secret-key", Optional.of("s3cr3t"), Optional.empty());
        assertEquals(Optional.of("s3cr3t"), r.value());
        assertNull(r.problem());
    }

    @Test
    void aFileIsReadWithoutItsFinalNewline() throws Exception {
        Path file = Files.writeString(dir.resolve("secret-key"), "from-file\n");
        Secrets.Resolved r = Secrets.resolve("pgvs3.secret-key", Optional.empty(), Optional.of(file.toString()));
        assertEquals(Optional.of("from-file"), r.value());
        assertNull(r.problem());
    }

    @Test
    void bothAtOnceAreRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("secret-key"), "from-file");
        Secrets.Resolved r = Secrets.resolve("pgvs3.secret-key", Optional.of("direct"), Optional.of(file.toString()));
        assertTrue(r.value().isEmpty());
        assertEquals("pgvs3.secret-key and pgvs3.secret-key-file are both set; set one of them", r.problem());
    }

    @Test
    void aMissingOrEmptyFileIsAProblemThatNeverShowsTheSecret() throws Exception {
        Secrets.Resolved missing = Secrets.resolve("pgvs3.secret-key", Optional.empty(),
                Optional.of(dir.resolve("absent").toString()));
        assertTrue(missing.value().isEmpty());
        assertTrue(missing.problem().startsWith("pgvs3.secret-key-file " + dir.resolve("absent") + " cannot be read"));
        Path empty = Files.writeString(dir.resolve("empty"), "\n");
        Secrets.Resolved blank = Secrets.resolve("pgvs3.secret-key", Optional.empty(), Optional.of(empty.toString()));
        assertTrue(blank.value().isEmpty());
        assertTrue(blank.problem().endsWith(" is empty"));
    }

    @Test
    void blankSettingsCountAsUnset() {
        Secrets.Resolved r = Secrets.resolve("pgvs3.secret-key", Optional.of("  "), Optional.of(""));
        assertFalse(r.value().isPresent());
        assertNull(r.problem());
    }
}
