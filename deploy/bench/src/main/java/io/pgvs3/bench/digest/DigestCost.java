package io.pgvs3.bench.digest;

import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.RunningChecksum;
import io.pgvs3.store.chunk.BlockCodec;
import io.pgvs3.store.chunk.ChunkFormat;
import io.pgvs3.store.chunk.CompressionBackoff;
import java.security.MessageDigest;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * ns/byte of each piece of per-byte work a PUT does, over a 64 MiB random buffer read in the gateway's
 * 256 KiB slices (8,120-byte blocks for the codec), best of several rounds after a JIT warm-up.
 * <pre>
 * java -cp "$(cat deploy/bench/target/classpath.txt):deploy/bench/target/pgvs3-bench.jar" \
 *     io.pgvs3.bench.digest.DigestCost [rounds]
 * </pre>
 */
public final class DigestCost {

    private static final int DATA = 64 * 1024 * 1024;
    private static final int SLICE = 256 * 1024;

    private final byte[] random = new byte[DATA];
    private final byte[] text = new byte[DATA];

    private DigestCost() {
        new Random(8).nextBytes(random);
        // compressible but not trivial: decimal numbers, as in a CSV or a log
        StringBuilder sb = new StringBuilder();
        Random r = new Random(9);
        while (sb.length() < DATA) {
            sb.append(r.nextInt(100_000)).append(r.nextBoolean() ? ',' : '\n');
        }
        System.arraycopy(sb.toString().getBytes(java.nio.charset.StandardCharsets.US_ASCII), 0, text, 0, DATA);
    }

    public static void main(String[] args) throws Exception {
        int rounds = args.length > 0 ? Integer.parseInt(args[0]) : 7;
        DigestCost cost = new DigestCost();
        List<Case> cases = cost.cases();
        System.out.printf("%-40s %8s %8s%n", "work (64 MiB, best of " + rounds + ")", "ns/byte", "MiB/s");
        for (Case c : cases) {
            c.run(); // warm-up
            c.run();
            long best = Long.MAX_VALUE;
            for (int i = 0; i < rounds; i++) {
                long t0 = System.nanoTime();
                c.run();
                best = Math.min(best, System.nanoTime() - t0);
            }
            System.out.printf("%-40s %8.3f %8.0f%n", c.name(), (double) best / DATA, DATA / (best / 1e9) / (1 << 20));
        }
        System.out.println("checksum of results (ignore): " + cost.sink);
    }

    private long sink;

    private interface Work {
        void run() throws Exception;
    }

    private record Case(String name, Work work) {
        void run() throws Exception {
            work.run();
        }
    }

    private List<Case> cases() {
        List<Case> cases = new ArrayList<>();
        cases.add(new Case("arraycopy (reference)", () -> {
            byte[] dst = new byte[SLICE];
            for (int off = 0; off < DATA; off += SLICE) {
                System.arraycopy(random, off, dst, 0, SLICE);
            }
            sink += dst[7];
        }));
        cases.add(new Case("MD5 (MessageDigest)", () -> digest(MessageDigest.getInstance("MD5"))));
        for (ChecksumAlgorithm a : ChecksumAlgorithm.values()) {
            cases.add(new Case(a.name() + " (ChecksumAlgorithm)", () -> checksum(a.newChecksum())));
        }
        cases.add(new Case("MD5 + SHA-256 + CRC64NVME, one pass", () -> {
            MessageDigest md5 = MessageDigest.getInstance("MD5");
            MessageDigest sha = MessageDigest.getInstance("SHA-256");
            RunningChecksum crc = ChecksumAlgorithm.CRC64NVME.newChecksum();
            for (int off = 0; off < DATA; off += SLICE) {
                crc.update(random, off, SLICE);
                md5.update(random, off, SLICE);
                sha.update(random, off, SLICE);
            }
            sink += md5.digest()[0] + sha.digest()[0] + crc.digest()[0];
        }));
        cases.add(new Case("zstd-1, random 8,120-byte blocks", () -> encode(random, null)));
        cases.add(new Case("zstd-1, text 8,120-byte blocks", () -> encode(text, null)));
        cases.add(new Case("backoff probe + zstd-1, random blocks", () -> encode(random, new CompressionBackoff())));
        cases.add(new Case("backoff probe + zstd-1, text blocks", () -> encode(text, new CompressionBackoff())));
        return cases;
    }

    private void digest(MessageDigest md) {
        for (int off = 0; off < DATA; off += SLICE) {
            md.update(random, off, SLICE);
        }
        sink += md.digest()[0];
    }

    private void checksum(RunningChecksum checksum) {
        for (int off = 0; off < DATA; off += SLICE) {
            checksum.update(random, off, SLICE);
        }
        sink += checksum.digest()[0];
    }

    /** Encodes every block as the framer does, with the probe deciding when one is given. */
    private void encode(byte[] data, CompressionBackoff probe) {
        long stored = 0;
        try (BlockCodec codec = new BlockCodec()) {
            for (int off = 0; off + ChunkFormat.BLOCK <= DATA; off += ChunkFormat.BLOCK) {
                if (probe == null || probe.shouldTry()) {
                    BlockCodec.Encoded e = codec.encode(data, off, ChunkFormat.BLOCK);
                    if (probe != null) {
                        probe.tried(e.compressed(ChunkFormat.BLOCK));
                    }
                    stored += e.length();
                } else {
                    stored += ChunkFormat.BLOCK;
                }
            }
        }
        sink += stored;
    }
}
