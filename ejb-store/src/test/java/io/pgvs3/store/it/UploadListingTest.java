package io.pgvs3.store.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadPage;
import io.pgvs3.store.api.UploadQuery;
import io.pgvs3.store.testing.Multipart;
import io.pgvs3.store.testing.PostgresExtension;
import io.pgvs3.store.testing.Stores;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

@ExtendWith(PostgresExtension.class)
class UploadListingTest {

    private static Stores stores;
    private static String bucket;
    /** "a" twice, then b/1, b/2, c, d/x/1, in (key, upload id) order. */
    private static final List<String> IDS = new ArrayList<>();

    @BeforeAll
    static void setUp() {
        stores = new Stores();
        bucket = stores.newBucket("uploads");
        Multipart mp = new Multipart(stores);
        for (String key : new String[] {"a", "a", "b/1", "b/2", "c", "d/x/1"}) {
            IDS.add(mp.create(bucket, key));
        }
    }

    private static UploadPage list(String prefix, String delimiter, String keyMarker, String idMarker, int max) {
        return stores.uploadLister.list(new UploadQuery(bucket, prefix, delimiter, keyMarker, idMarker, max));
    }

    private static List<String> keys(UploadPage page) {
        return page.uploads().stream().map(UploadInfo::key).toList();
    }

    @Test
    void uploadsOfOneKeyListInInitiationOrder() {
        UploadPage all = list("", null, null, null, 1000);
        assertEquals(List.of("a", "a", "b/1", "b/2", "c", "d/x/1"), keys(all));
        assertEquals(IDS, all.uploads().stream().map(UploadInfo::uploadId).toList());
        assertFalse(all.truncated());
    }

    @Test
    void pagesResumeAfterTheMarkerUpload() {
        UploadPage first = list("", null, null, null, 1);
        assertTrue(first.truncated());
        assertEquals("a", first.nextKeyMarker());
        assertEquals(IDS.get(0), first.nextUploadIdMarker());
        UploadPage second = list("", null, first.nextKeyMarker(), first.nextUploadIdMarker(), 2);
        assertEquals(List.of(IDS.get(1), IDS.get(2)), second.uploads().stream().map(UploadInfo::uploadId).toList());
        assertEquals(List.of("b/2", "c", "d/x/1"), keys(list("", null, "b/1", null, 1000)));
    }

    @Test
    void delimiterRollsKeysUpIntoCommonPrefixes() {
        UploadPage page = list("", "/", null, null, 1000);
        assertEquals(List.of("a", "a", "c"), keys(page));
        assertEquals(List.of("b/", "d/"), page.commonPrefixes());
        UploadPage firstTwo = list("", "/", null, null, 3);
        assertEquals(List.of("b/"), firstTwo.commonPrefixes());
        assertTrue(firstTwo.truncated());
        assertEquals("b/", firstTwo.nextKeyMarker());
        assertNull(firstTwo.nextUploadIdMarker());
        UploadPage rest = list("", "/", firstTwo.nextKeyMarker(), null, 1000);
        assertEquals(List.of("c"), keys(rest));
        assertEquals(List.of("d/"), rest.commonPrefixes());
    }

    @Test
    void prefixNarrowsTheListing() {
        assertEquals(List.of("b/1", "b/2"), keys(list("b/", null, null, null, 1000)));
        UploadPage nested = list("d/", "/", null, null, 1000);
        assertEquals(List.of("d/x/"), nested.commonPrefixes());
        assertEquals(List.of(), list("zzz", null, null, null, 1000).uploads());
    }
}
