package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ListQuery;
import io.pgvs3.store.api.ObjectSummary;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.testing.Bodies;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class ListingTest {

    private static final List<String> KEYS = List.of(
            "a", "b/1", "b/2", "b/3", "c/x/1", "c/x/2", "c/y", "d", "e-", "e/", "\u00e9", "\uFFFD", "\uD83D\uDE00",
            "z/1");

    private static Stores stores;
    private static String bucket;

    @BeforeAll
    static void setUp() {
        stores = new Stores();
        bucket = stores.newBucket("listing");
        for (String key : KEYS) {
            stores.writer.put(Bodies.spec(bucket, key, key.length()), new ByteArrayInputStream(
                    key.getBytes(StandardCharsets.UTF_16BE), 0, key.length()));
        }
    }

    @Test
    void flatListingIsInUtf8ByteOrder() {
        ListPage page = list("", null, null, 1000);
        assertEquals(byteOrder(KEYS), keys(page));
        assertTrue(page.commonPrefixes().isEmpty());
        assertFalse(page.truncated());
        assertEquals("\uFFFD".compareTo("\uD83D\uDE00") > 0, true, "Java's UTF-16 order differs here");
        ObjectSummary first = page.objects().get(0);
        assertEquals("a", first.key());
        assertEquals(1, first.size());
        assertEquals(32, first.etag().length());
    }

    @Test
    void flatPagingVisitsEveryKeyOnce() {
        for (int max : new int[] {1, 2, 3, 7, KEYS.size(), KEYS.size() + 1}) {
            List<String> seen = new ArrayList<>();
            String after = null;
            while (true) {
                ListPage page = list("", null, after, max);
                seen.addAll(keys(page));
                if (!page.truncated()) {
                    break;
                }
                assertEquals(max, page.objects().size());
                after = page.lastEntry();
            }
            assertEquals(byteOrder(KEYS), seen, "max " + max);
        }
    }

    @Test
    void exactlyFullLastPageIsNotTruncated() {
        ListPage page = list("b/", null, null, 3);
        assertEquals(List.of("b/1", "b/2", "b/3"), keys(page));
        assertFalse(page.truncated());
        assertEquals("b/3", page.lastEntry());
    }

    @Test
    void prefixAndDelimiter() {
        ListPage root = list("", "/", null, 1000);
        assertEquals(List.of("b/", "c/", "e/", "z/"), root.commonPrefixes());
        assertEquals(byteOrder(List.of("a", "d", "e-", "\u00e9", "\uFFFD", "\uD83D\uDE00")), keys(root));
        assertEquals("\uD83D\uDE00", root.lastEntry());

        ListPage c = list("c/", "/", null, 1000);
        assertEquals(List.of("c/x/"), c.commonPrefixes());
        assertEquals(List.of("c/y"), keys(c));

        ListPage e = list("e", "/", null, 1000);
        assertEquals(List.of("e/"), e.commonPrefixes());
        assertEquals(List.of("e-"), keys(e));

        assertEquals(List.of("c/x/1", "c/x/2"), keys(list("c/x", null, null, 1000)));
        assertTrue(keys(list("nothing", "/", null, 1000)).isEmpty());
    }

    @Test
    void delimiterPagingNeverRepeatsAPrefix() {
        List<String> entries = new ArrayList<>();
        String after = null;
        int pages = 0;
        while (true) {
            ListPage page = list("", "/", after, 1);
            pages++;
            assertEquals(1, page.objects().size() + page.commonPrefixes().size());
            entries.add(page.lastEntry());
            if (!page.truncated()) {
                break;
            }
            after = page.lastEntry();
        }
        assertEquals(10, pages);
        assertEquals(List.of("a", "b/", "c/", "d", "e-", "e/", "z/", "\u00e9", "\uFFFD", "\uD83D\uDE00"), entries);
    }

    @Test
    void aCursorInsideACommonPrefixSkipsIt() {
        ListPage page = list("", "/", "b/2", 1000);
        assertEquals(List.of("c/", "e/", "z/"), page.commonPrefixes());
        assertEquals("d", keys(page).get(0));
        ListPage inner = list("c/", "/", "c/x/1", 1000);
        assertEquals(List.of(), inner.commonPrefixes());
        assertEquals(List.of("c/y"), keys(inner));
        // without a delimiter the cursor is just a key
        assertEquals(List.of("b/3"), keys(list("b/", null, "b/2", 1000)));
    }

    @Test
    void truncatedOnlyWhenANewEntryFollows() {
        ListPage page = list("z", "/", null, 1);
        assertEquals(List.of("z/"), page.commonPrefixes());
        assertFalse(page.truncated(), "only keys inside z/ follow");
        ListPage b = list("", "/", "a", 1);
        assertEquals(List.of("b/"), b.commonPrefixes());
        assertTrue(b.truncated());
    }

    @Test
    void maxKeysZeroAndMissingBucket() {
        ListPage empty = list("", null, null, 0);
        assertTrue(empty.objects().isEmpty() && empty.commonPrefixes().isEmpty());
        assertFalse(empty.truncated());
        assertNull(empty.lastEntry());
        StoreException e = assertThrows(StoreException.class, () -> stores.lister.list(
                new ListQuery(PostgresExtension.uniqueBucket("absent"), "", null, null, 10)));
        assertEquals(StoreError.NO_SUCH_BUCKET, e.error());
    }

    @Test
    void aLargeCommonPrefixIsSkippedNotScanned() {
        String big = stores.newBucket("bigprefix");
        for (int i = 0; i < 1100; i++) {
            stores.writer.put(Bodies.spec(big, String.format("logs/%05d", i), 0), new ByteArrayInputStream(new byte[0]));
        }
        stores.writer.put(Bodies.spec(big, "m", 0), new ByteArrayInputStream(new byte[0]));
        stores.writer.put(Bodies.spec(big, "a", 0), new ByteArrayInputStream(new byte[0]));
        ListPage page = stores.lister.list(new ListQuery(big, "", "/", null, 2));
        assertEquals(List.of("a"), keys(page));
        assertEquals(List.of("logs/"), page.commonPrefixes());
        assertTrue(page.truncated());
        ListPage next = stores.lister.list(new ListQuery(big, "", "/", page.lastEntry(), 2));
        assertEquals(List.of("m"), keys(next));
        assertFalse(next.truncated());
        int total = 0;
        String after = null;
        ListPage flat;
        do {
            flat = stores.lister.list(new ListQuery(big, "", null, after, 1000));
            total += flat.objects().size();
            after = flat.lastEntry();
        } while (flat.truncated());
        assertEquals(1102, total);
    }

    private static ListPage list(String prefix, String delimiter, String after, int max) {
        return stores.lister.list(new ListQuery(bucket, prefix, delimiter, after, max));
    }

    private static List<String> keys(ListPage page) {
        return page.objects().stream().map(ObjectSummary::key).collect(Collectors.toList());
    }

    private static List<String> byteOrder(List<String> keys) {
        return keys.stream().sorted((x, y) -> Arrays.compareUnsigned(x.getBytes(StandardCharsets.UTF_8),
                y.getBytes(StandardCharsets.UTF_8))).collect(Collectors.toList());
    }
}
