package io.pgvs3.store.kv;

import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.access.DataAccess;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.KvEntry;
import io.pgvs3.store.api.KvPage;
import io.pgvs3.store.api.KvPut;
import io.pgvs3.store.maintenance.Maintenance;
import io.pgvs3.store.maintenance.MaintenanceConfig;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import javax.sql.DataSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** The RESP store against a real PostgreSQL 18, each test in a database of its own. */
@ExtendWith(PostgresExtension.class)
class KvServiceTest {

    private static final long NOW = System.currentTimeMillis();

    private final DataSource main;
    private final KvService kv;

    KvServiceTest() throws SQLException {
        main = PostgresExtension.freshStoreDatabase().main();
        kv = new KvService(new DataAccess(main, main, new NamespaceCache(main)), Stores.WATCHDOG);
    }

    private static byte[] b(String s) {
        return s.getBytes(StandardCharsets.UTF_8);
    }

    private long query(String sql) throws SQLException {
        try (Connection c = main.getConnection(); PreparedStatement ps = c.prepareStatement(sql);
             ResultSet rs = ps.executeQuery()) {
            rs.next();
            return rs.getLong(1);
        }
    }

    private String schema(int db) throws SQLException {
        return "ns_" + query("SELECT id FROM pgvs3.namespaces WHERE kind = 'cache' AND name = 'resp:" + db + "'");
    }

    @Test
    void readingADatabaseNobodyWroteCreatesNothing() throws SQLException {
        assertNull(kv.get(15, List.of(b("k")), NOW).get(0));
        assertEquals(0, kv.count(15, NOW).keys());
        assertEquals(0, kv.delete(15, List.of(b("k")), NOW));
        assertEquals(0, query("SELECT count(*) FROM pgvs3.namespaces WHERE name = 'resp:15'"));
        kv.put(15, List.of(new KvPut(b("k"), b("v"), KvEntry.PERSISTENT)));
        assertEquals(1, query("SELECT count(*) FROM pgvs3.namespaces WHERE name = 'resp:15' AND kind = 'cache'"));
    }

    @Test
    void binaryEmptyAndEscapeLikeKeysRoundTrip() {
        List<byte[]> keys = List.of(new byte[0], new byte[] {0, (byte) 0xff, 10}, b("\uFFFEplain"), b("caf\u00e9"),
                b("\u0000"), b("plain"));
        List<KvPut> puts = new ArrayList<>();
        for (int i = 0; i < keys.size(); i++) {
            puts.add(new KvPut(keys.get(i), b("v" + i), KvEntry.PERSISTENT));
        }
        kv.put(0, puts);
        List<KvEntry> got = kv.get(0, keys, NOW);
        for (int i = 0; i < keys.size(); i++) {
            assertArrayEquals(b("v" + i), got.get(i).value(), "key " + i);
            assertArrayEquals(keys.get(i), KvKeys.decode(KvKeys.encode(keys.get(i))));
        }
        Set<ByteBuffer> scanned = new HashSet<>();
        kv.scan(0, 0, 100, NOW).keys().forEach(k -> scanned.add(ByteBuffer.wrap(k)));
        assertEquals(keys.stream().map(ByteBuffer::wrap).collect(java.util.stream.Collectors.toSet()), scanned);
    }

    @Test
    void smallValuesStayInlineAndLargeOnesAreChunked() throws SQLException {
        Random random = new Random(1);
        int[] sizes = {0, 1, 15, 8120, 8121, 100_000};
        for (int size : sizes) {
            byte[] v = new byte[size];
            random.nextBytes(v);
            kv.put(1, List.of(new KvPut(b("r" + size), v, KvEntry.PERSISTENT)));
            assertArrayEquals(v, kv.get(1, List.of(b("r" + size)), NOW).get(0).value(), size + " random bytes");
            byte[] text = "pgvs3 ".repeat(size / 6 + 1).substring(0, size).getBytes(StandardCharsets.US_ASCII);
            kv.put(1, List.of(new KvPut(b("t" + size), text, KvEntry.PERSISTENT)));
            assertArrayEquals(text, kv.get(1, List.of(b("t" + size)), NOW).get(0).value(), size + " text bytes");
            byte[] reply = new byte[size + 10];
            kv.get(1, List.of(b("t" + size)), NOW).get(0).copyValueTo(reply, 7);
            assertArrayEquals(text, Arrays.copyOfRange(reply, 7, 7 + size), size + " text bytes copied where asked");
        }
        String ns = schema(1);
        assertEquals(4, query("SELECT count(*) FROM " + ns + ".objects WHERE file_id IS NOT NULL"), "8121 and 100000");
        assertEquals(8, query("SELECT count(*) FROM " + ns + ".objects WHERE inline_data IS NOT NULL"));
        assertEquals(1, query("SELECT count(*) FROM " + ns + ".objects WHERE key = 't8120' AND inline_zstd"),
                "compressible inline values are stored compressed");
        assertEquals(0, query("SELECT count(*) FROM " + ns + ".objects WHERE key = 't15' AND inline_zstd"),
                "too short to gain");
        assertEquals(0, query("SELECT count(*) FROM " + ns + ".objects WHERE key = 'r8120' AND inline_zstd"),
                "random bytes do not compress");
        for (int size : new int[] {3000, 4096}) {
            byte[] printable = printable(random, size);
            kv.put(1, List.of(new KvPut(b("printable" + size), printable, KvEntry.PERSISTENT)));
            assertArrayEquals(printable, kv.get(1, List.of(b("printable" + size)), NOW).get(0).value());
        }
        assertEquals(0, query("SELECT count(*) FROM " + ns + ".objects WHERE key = 'printable3000' AND inline_zstd"),
                "a value within half a page that compresses by less than a quarter is stored as it is, so a GET does"
                        + " not inflate it");
        assertEquals(1, query("SELECT count(*) FROM " + ns + ".objects WHERE key = 'printable4096' AND inline_zstd"),
                "a value over half a page whose frame fits in half a page is stored compressed");
    }

    /** Like base64 or redis-benchmark's values: zstd saves about a fifth. */
    private static byte[] printable(Random random, int size) {
        byte[] value = new byte[size];
        for (int i = 0; i < value.length; i++) {
            value[i] = (byte) ('0' + random.nextInt(64));
        }
        return value;
    }

    /**
     * ADR 61: a value over half a page whose frame fits in half of one is rewritten in its row's page (a HOT
     * update), where one that fits in no half page (random bytes) moves to another page with every SET.
     */
    @Test
    void setsOfAValueCompressedIntoHalfAPageStayInItsPage() throws SQLException {
        Random random = new Random(2);
        Set<Long> compressedPages = new HashSet<>();
        Set<Long> randomPages = new HashSet<>();
        for (int i = 0; i < 10; i++) {
            byte[] noise = new byte[4096];
            random.nextBytes(noise);
            kv.put(2, List.of(new KvPut(b("printable"), printable(random, 4096), KvEntry.PERSISTENT),
                    new KvPut(b("noise"), noise, KvEntry.PERSISTENT)));
            compressedPages.add(page(2, "printable"));
            randomPages.add(page(2, "noise"));
        }
        assertEquals(1, compressedPages.size(), "pages of the compressed value's versions: " + compressedPages);
        assertTrue(randomPages.size() > 1, "pages of the random value's versions: " + randomPages);
    }

    /** The heap page of {@code key}'s live row in database {@code db}. */
    private long page(int db, String key) throws SQLException {
        return query("SELECT (ctid::text::point)[0]::int8 FROM " + schema(db) + ".objects WHERE key = '" + key + "'");
    }

    @Test
    void aBoundedReadAnswersTheLongestPrefixWithinItsBytesAndAtLeastOneKey() {
        byte[] large = new byte[300_000];
        byte[] other = new byte[200_000];
        new java.util.Random(7).nextBytes(large);
        new java.util.Random(8).nextBytes(other);
        kv.put(7, List.of(new KvPut(b("large"), large, KvEntry.PERSISTENT), new KvPut(b("small"), b("s"), KvEntry.PERSISTENT),
                new KvPut(b("other"), other, KvEntry.PERSISTENT)));
        List<byte[]> keys = List.of(b("large"), b("small"), b("absent"), b("large"), b("other"));

        List<KvEntry> first = kv.getWithin(7, keys, NOW, 400_000);
        assertEquals(3, first.size(), "large, small and absent fit; the second large would not");
        assertArrayEquals(large, first.get(0).value());
        assertArrayEquals(b("s"), first.get(1).value());
        assertNull(first.get(2));
        List<KvEntry> rest = kv.getWithin(7, keys.subList(3, 5), NOW, 400_000);
        assertEquals(1, rest.size());
        assertArrayEquals(large, rest.get(0).value());
        assertArrayEquals(other, kv.getWithin(7, keys.subList(4, 5), NOW, 1).get(0).value(), "at least one, whatever its size");
        assertEquals(5, kv.getWithin(7, keys, NOW, Long.MAX_VALUE).size());
    }

    @Test
    void overwritingAChunkedValueQueuesItsFile() throws SQLException {
        kv.put(2, List.of(new KvPut(b("big"), new byte[20_000], KvEntry.PERSISTENT)));
        kv.put(2, List.of(new KvPut(b("big"), b("small"), KvEntry.PERSISTENT)));
        assertEquals(1, query("SELECT count(*) FROM " + schema(2) + ".garbage"));
        assertEquals(1, kv.delete(2, List.of(b("big"), b("big"), b("nothing")), NOW));
    }

    @Test
    void concurrentMutationsOnTwoServicesLoseNoUpdate() throws Exception {
        KvService other = new KvService(new DataAccess(main, main, new NamespaceCache(main)), Stores.WATCHDOG);
        ExecutorService pool = Executors.newFixedThreadPool(6);
        try {
            List<Future<?>> futures = new ArrayList<>();
            for (int t = 0; t < 6; t++) {
                KvService service = t % 2 == 0 ? kv : other;
                futures.add(pool.submit(() -> {
                    for (int i = 0; i < 50; i++) {
                        synchronized (service) { // a service is one bean instance: one caller at a time
                            service.mutate(3, List.of(b("n")), true, NOW, (current, changes) -> {
                                long n = current.get(0) == null ? 0 : Long.parseLong(new String(current.get(0).value(),
                                        StandardCharsets.US_ASCII));
                                changes.put(b("n"), b(Long.toString(n + 1)), KvEntry.PERSISTENT);
                                return n + 1;
                            });
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : futures) {
                f.get(120, TimeUnit.SECONDS);
            }
        } finally {
            pool.shutdownNow();
        }
        assertArrayEquals(b("300"), kv.get(3, List.of(b("n")), NOW).get(0).value());
    }

    @Test
    void scanPagesVisitEveryLiveKeyOnce() {
        List<KvPut> puts = new ArrayList<>();
        for (int i = 0; i < 500; i++) {
            puts.add(new KvPut(b("k" + i), b("v"), i % 10 == 0 ? NOW - 1 : KvEntry.PERSISTENT));
        }
        kv.put(4, puts);
        Set<String> seen = new HashSet<>();
        long cursor = 0;
        do {
            KvPage page = kv.scan(4, cursor, 7, NOW);
            for (byte[] k : page.keys()) {
                assertTrue(seen.add(new String(k, StandardCharsets.UTF_8)), "returned twice");
            }
            cursor = page.cursor();
        } while (cursor != 0);
        assertEquals(450, seen.size(), "every live key, no expired one");
        assertEquals(450, kv.count(4, NOW).keys());
    }

    @Test
    void expiredValuesAreInvisibleAtOnceAndTheTimerRemovesThem() throws SQLException {
        kv.put(5, List.of(new KvPut(b("gone"), b("v"), NOW - 1), new KvPut(b("stays"), b("v"), NOW + 3_600_000)));
        assertNull(kv.get(5, List.of(b("gone")), NOW).get(0));
        assertEquals(NOW + 3_600_000, kv.peek(5, List.of(b("stays")), NOW).get(0).expiresAt());
        try (Maintenance maintenance = Maintenance.standard(main::getConnection, MaintenanceConfig.defaults().withReaperGrace(Duration.ZERO))) {
            maintenance.tick();
            assertEquals(1, query("SELECT count(*) FROM " + schema(5) + ".objects"), "only the live value is left");
            assertEquals(1, maintenance.snapshot().valuesExpired());
        }
    }

    @Test
    void splicesIntoAChunkedValueRewriteOnlyTheRowsTheyChange() throws SQLException {
        int block = KvValues.INLINE_MAX;
        byte[] expected = new byte[10 * block - 5];
        new Random(7).nextBytes(expected);
        kv.put(6, List.of(new KvPut(b("v"), expected, NOW + 3_600_000)));
        String ns = schema(6);

        List<String> before = chunkVersions(ns);
        byte[] patch = b("patched in the middle of row four");
        expected = splice(expected, 4L * block + 100, patch);
        assertEquals(expected.length, spliceInStore(4L * block + 100, patch));
        assertEquals(List.of(4), changedRows(before, chunkVersions(ns)), "only the row the bytes fall in");

        before = chunkVersions(ns);
        byte[] tail = new byte[20];
        new Random(8).nextBytes(tail);
        expected = splice(expected, expected.length, tail);
        assertEquals(expected.length, spliceInStore(10L * block - 5, tail));
        assertEquals(List.of(9, 10), changedRows(before, chunkVersions(ns)), "the old last row and the new one");

        before = chunkVersions(ns);
        expected = splice(expected, 13L * block + 1, b("far"));
        assertEquals(expected.length, spliceInStore(13L * block + 1, b("far")));
        assertEquals(List.of(10, 11, 12, 13), changedRows(before, chunkVersions(ns)), "the zeros of the gap too");

        KvEntry e = kv.get(6, List.of(b("v")), NOW).get(0);
        assertArrayEquals(expected, e.value());
        assertEquals(NOW + 3_600_000, e.expiresAt(), "the expiry is kept");
        assertEquals(0, query("SELECT count(*) FROM " + ns + ".garbage"), "the file stays the value's");
    }

    @Test
    void aSpliceIntoAnInlineOrAbsentValueWritesItWhole() {
        assertEquals(5, spliceAt(7, "new", 2, b("abc")));
        assertArrayEquals(new byte[] {0, 0, 'a', 'b', 'c'}, kv.get(7, List.of(b("new")), NOW).get(0).value());
        assertEquals(KvEntry.PERSISTENT, kv.peek(7, List.of(b("new")), NOW).get(0).expiresAt());
        byte[] grown = new byte[KvValues.INLINE_MAX + 10];
        assertEquals(grown.length, spliceAt(7, "new", KvValues.INLINE_MAX, new byte[10]));
        assertArrayEquals(splice(new byte[] {0, 0, 'a', 'b', 'c'}, KvValues.INLINE_MAX, new byte[10]),
                kv.get(7, List.of(b("new")), NOW).get(0).value(), "an inline value that outgrows its row");
    }

    private long spliceInStore(long offset, byte[] bytes) {
        return spliceAt(6, "v", offset, bytes);
    }

    private long spliceAt(int db, String key, long offset, byte[] bytes) {
        return kv.mutate(db, List.of(b(key)), false, NOW, (current, changes) -> {
            changes.splice(b(key), offset, bytes);
            long size = current.get(0) == null ? 0 : current.get(0).size();
            return Math.max(size, offset + bytes.length);
        });
    }

    private static byte[] splice(byte[] value, long offset, byte[] bytes) {
        byte[] out = java.util.Arrays.copyOf(value, (int) Math.max(value.length, offset + bytes.length));
        System.arraycopy(bytes, 0, out, (int) offset, bytes.length);
        return out;
    }

    /** "no:xmin:ctid" of every chunk row, in row order: a rewritten row gets a new version. */
    private List<String> chunkVersions(String ns) throws SQLException {
        List<String> rows = new ArrayList<>();
        try (Connection c = main.getConnection(); PreparedStatement ps = c.prepareStatement(
                "SELECT no || ':' || xmin || ':' || ctid FROM " + ns + ".chunks ORDER BY no");
             ResultSet rs = ps.executeQuery()) {
            while (rs.next()) {
                rows.add(rs.getString(1));
            }
        }
        return rows;
    }

    private static List<Integer> changedRows(List<String> before, List<String> after) {
        List<Integer> changed = new ArrayList<>();
        for (String row : after) {
            if (!before.contains(row)) {
                changed.add(Integer.parseInt(row.substring(0, row.indexOf(':'))));
            }
        }
        return changed;
    }
}
