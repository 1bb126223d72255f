package io.pgvs3.settings;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * A secret given directly ({@code pgvs3.secret-key}) or as the path of a file that holds it
 * ({@code pgvs3.secret-key-file}, e.g. a mounted Kubernetes secret). Giving both is refused: which one
 * wins would be a guess. Surrounding whitespace, such as a file's final newline, is not part of it.
 * Used by every module that takes a credential (S3, RESP, admin); pure Java.
 */
public final class Secrets {

    /** The value, or the problem that prevented reading it (never containing the value). */
    public record Resolved(Optional<String> value, String problem) {
    }

    private Secrets() {
    }

    public static Resolved resolve(String key, Optional<String> direct, Optional<String> file) {
        Optional<String> value = direct.map(String::strip).filter(v -> !v.isEmpty());
        Optional<String> path = file.map(String::strip).filter(v -> !v.isEmpty());
        if (value.isPresent() && path.isPresent()) {
            return new Resolved(Optional.empty(), key + " and " + key + "-file are both set; set one of them");
        }
        if (path.isEmpty()) {
            return new Resolved(value, null);
        }
        try {
            String content = Files.readString(Path.of(path.get()), StandardCharsets.UTF_8).strip();
            if (content.isEmpty()) {
                return new Resolved(Optional.empty(), key + "-file " + path.get() + " is empty");
            }
            return new Resolved(Optional.of(content), null);
        } catch (IOException | RuntimeException e) {
            return new Resolved(Optional.empty(), key + "-file " + path.get() + " cannot be read: " + e);
        }
    }
}
