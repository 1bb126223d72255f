package io.pgvs3.store.origin;

import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ListQuery;
import io.pgvs3.store.api.ObjectSummary;
import io.pgvs3.store.namespace.Namespace;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.List;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Listings of origin-backed buckets: one page of the origin's listing, in the bucket's key space (the
 * origin's prefix taken off). The cursor is the store's own ({@link ListQuery#after}), so continuation
 * tokens work as in a native bucket.
 */
public final class OriginLister {

    /**
     * Greater than every key in UTF-8 order (U+10FFFF): appended to a common prefix, the origin's
     * StartAfter skips every key under it, as the store's cursor promises.
     */
    private static final String PAST_EVERY_KEY = new String(Character.toChars(0x10FFFF));

    private final OriginClients clients;

    public OriginLister(OriginClients clients) {
        this.clients = clients;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#list}. */
    public ListPage list(Namespace ns, ListQuery query) {
        OriginClient origin = clients.of(ns);
        String base = origin.config().prefix();
        String delimiter = query.delimiter() == null || query.delimiter().isEmpty() ? null : query.delimiter();
        String startAfter = null;
        if (query.after() != null) {
            boolean insidePrefix = delimiter != null && query.after().endsWith(delimiter)
                    && query.after().startsWith(query.prefix());
            startAfter = base + query.after() + (insidePrefix ? PAST_EVERY_KEY : "");
        }
        if (query.maxKeys() == 0) {
            return new ListPage(List.of(), List.of(), false, null);
        }
        ListObjectsV2Response page = origin.list(base + query.prefix(), delimiter, startAfter, query.maxKeys());
        List<ObjectSummary> objects = page.contents().stream().map(o -> summary(o, base)).toList();
        List<String> prefixes = page.commonPrefixes().stream().map(CommonPrefix::prefix)
                .map(p -> p.substring(base.length())).toList();
        String last = later(objects.isEmpty() ? null : objects.get(objects.size() - 1).key(),
                prefixes.isEmpty() ? null : prefixes.get(prefixes.size() - 1));
        return new ListPage(objects, prefixes, Boolean.TRUE.equals(page.isTruncated()), last);
    }

    private static ObjectSummary summary(S3Object object, String base) {
        return new ObjectSummary(object.key().substring(base.length()), object.size(),
                OriginKeys.unquoted(object.eTag()), object.lastModified());
    }

    /** The later of two entries in S3's order (UTF-8 bytes); either may be null. */
    private static String later(String a, String b) {
        if (a == null || b == null) {
            return a == null ? b : a;
        }
        return Arrays.compareUnsigned(a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8)) >= 0
                ? a : b;
    }
}
