package io.pgvs3.store.multipart;

import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.HexFormat;

/**
 * Upload ids: 16 hex digits of the creation time in microseconds, then 128 random bits. Opaque and
 * unguessable to clients; lower-case hex sorts the same in every collation, so ids of one key sort by
 * initiation, as ListMultipartUploads lists them.
 */
final class UploadIds {

    private static final SecureRandom RANDOM = new SecureRandom();

    private UploadIds() {
    }

    static String next() {
        long micros = ChronoUnit.MICROS.between(Instant.EPOCH, Instant.now());
        byte[] random = new byte[16];
        RANDOM.nextBytes(random);
        return String.format("%016x", micros) + HexFormat.of().formatHex(random);
    }
}
