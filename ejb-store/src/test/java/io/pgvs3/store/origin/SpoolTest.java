package io.pgvs3.store.origin;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.concurrent.CompletableFuture;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A spool on disk: what it holds is read back byte for byte, and its scratch file has no name to leave behind. */
class SpoolTest {

    @TempDir
    Path dir;

    @Test
    void aBodyOfUnknownLengthIsFollowedWhileWrittenAndReadWholeAfterwardsWithNoFileInTheSpoolDirectory()
            throws Exception {
        byte[] body = new byte[20 << 20]; // past one 8 MiB disk step, so the file grows while followed
        new Random(7).nextBytes(body);
        SpoolBudget budget = new SpoolBudget(0, 64L << 20, dir);
        try (Spool spool = Spool.open(budget, -1)) {
            CompletableFuture<byte[]> followed = CompletableFuture.supplyAsync(() -> readAll(spool.follow()));
            for (int off = 0; off < body.length; off += 100_000) {
                spool.write(body, off, Math.min(100_000, body.length - off));
                if (off == 0) {
                    assertEquals(List.of(), names(), "the scratch file is unlinked while it is written");
                }
            }
            spool.finish();
            assertArrayEquals(body, followed.get(), "a follower reads every byte as it arrives");
            assertArrayEquals(body, readAll(spool.read()), "read whole once");
            assertArrayEquals(body, readAll(spool.read()), "and again, as a signing SDK does");
            assertArrayEquals(Arrays.copyOfRange(body, 12345, body.length), readAll(spool.follow(12345)),
                    "a follower from the middle");
        }
        assertEquals(List.of(), names(), "nothing is left once closed");
    }

    private List<String> names() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.map(p -> p.getFileName().toString()).toList();
        }
    }

    private static byte[] readAll(InputStream in) {
        try (in) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
