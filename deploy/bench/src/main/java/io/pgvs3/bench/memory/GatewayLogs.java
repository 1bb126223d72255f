package io.pgvs3.bench.memory;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * Counts the lines naming {@code OutOfMemoryError} in the gateway's log directory (messages.log,
 * console.log, FFDC reports), so a run can tell whether any appeared while it ran.
 */
final class GatewayLogs {
    private static final String OOM = "OutOfMemoryError";

    private final Path dir;

    GatewayLogs(Path dir) {
        this.dir = dir;
    }

    long outOfMemoryLines() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException("no gateway log directory " + dir);
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(Files::isRegularFile).mapToLong(GatewayLogs::count).sum();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
    }

    private static long count(Path file) {
        // ISO-8859-1 reads any bytes; the marker is ASCII
        try (Stream<String> lines = Files.lines(file, StandardCharsets.ISO_8859_1)) {
            return lines.filter(l -> l.contains(OOM)).count();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
