package io.pgvs3.bench.sol;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Refuses a run that would fill the disk the database writes to: a full disk makes PostgreSQL panic,
 * which fails every request of the run (and of anyone else on a shared machine) for a reason that is
 * no finding about the gateway. Every stored byte is counted once for the table and half again for
 * the write-ahead log that holds it until the next checkpoint.
 */
public final class DiskRoom {
    private DiskRoom() {
    }

    /** Throws unless the file system holding {@code dir} has room for {@code stored} more bytes. */
    public static void require(Path dir, long stored) throws IOException {
        long needed = stored + stored / 2;
        long usable = Files.getFileStore(dir).getUsableSpace();
        if (usable < needed) {
            throw new IOException(String.format("the run stores %,d MiB (%,d MiB with WAL) but only %,d MiB are free"
                    + " under %s; choose smaller sizes or fewer trials", stored >> 20, needed >> 20, usable >> 20, dir));
        }
    }
}
