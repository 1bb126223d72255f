package io.pgvs3.store.origin;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ListQuery;
import io.pgvs3.store.api.ObjectSummary;
import io.pgvs3.store.namespace.Namespace;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import software.amazon.awssdk.services.s3.model.CommonPrefix;
import software.amazon.awssdk.services.s3.model.ListObjectsV2Response;
import software.amazon.awssdk.services.s3.model.S3Object;

/**
 * Listings of origin-backed buckets: one page of the origin's listing, in the bucket's key space (the
 * origin's prefix taken off), merged with the write-back objects not yet at the origin. One bounded page
 * of each is in memory; where either source has more, the page ends at the last entry both cover. The
 * cursor is the store's own ({@link ListQuery#after}), so continuation tokens work as in a native bucket.
 */
public final class OriginLister {

    /**
     * Greater than every key in UTF-8 order (U+10FFFF): appended to a common prefix, a cursor skips every
     * key under it, as the store's cursor promises.
     */
    private static final String PAST_EVERY_KEY = new String(Character.toChars(0x10FFFF));

    /** S3's order: UTF-8 bytes. */
    private static final Comparator<String> S3_ORDER = (a, b) -> Arrays.compareUnsigned(
            a.getBytes(StandardCharsets.UTF_8), b.getBytes(StandardCharsets.UTF_8));

    private final DataAccess access;
    private final OriginClients clients;

    public OriginLister(DataAccess access, OriginClients clients) {
        this.access = access;
        this.clients = clients;
    }

    /** See {@link io.pgvs3.store.api.ObjectStore#list}. */
    public ListPage list(Namespace ns, ListQuery query) {
        if (query.maxKeys() == 0) {
            return new ListPage(List.of(), List.of(), false, null);
        }
        OriginClient origin = clients.of(ns);
        String base = origin.config().prefix();
        String delimiter = query.delimiter() == null || query.delimiter().isEmpty() ? null : query.delimiter();
        String after = query.after();
        if (after != null && delimiter != null && after.endsWith(delimiter) && after.startsWith(query.prefix())) {
            after = after + PAST_EVERY_KEY; // the cursor is a common prefix: skip everything under it
        }
        ListObjectsV2Response page = origin.list(base + query.prefix(), delimiter, after == null ? null : base + after,
                query.maxKeys());
        String pendingAfter = after;
        List<Outbox.Pending> pending = access.read(Pool.MAIN, "LIST pending", ns.name(),
                (c, locked) -> Outbox.pending(c, locked, query.prefix(), pendingAfter, query.maxKeys() + 1));

        // entry → its summary, or null for a common prefix
        TreeMap<String, ObjectSummary> entries = new TreeMap<>(S3_ORDER);
        for (S3Object object : page.contents()) {
            String key = object.key().substring(base.length());
            entries.put(key, new ObjectSummary(key, object.size(), OriginKeys.unquoted(object.eTag()),
                    object.lastModified()));
        }
        page.commonPrefixes().stream().map(CommonPrefix::prefix).map(p -> p.substring(base.length()))
                .forEach(p -> entries.put(p, null));
        boolean pendingHasMore = pending.size() > query.maxKeys();
        for (Outbox.Pending p : pendingHasMore ? pending.subList(0, query.maxKeys()) : pending) {
            int cut = delimiter == null ? -1 : p.key().indexOf(delimiter, query.prefix().length());
            if (cut >= 0) {
                entries.putIfAbsent(p.key().substring(0, cut + delimiter.length()), null);
            } else {
                entries.put(p.key(), new ObjectSummary(p.key(), p.size(), p.etag(), p.lastModified()));
            }
        }
        // where a source has more, entries beyond its last one are unknown: the page ends there
        String end = null;
        if (Boolean.TRUE.equals(page.isTruncated()) && !entries.isEmpty()) {
            end = lastOf(page, base);
        }
        if (pendingHasMore) {
            String lastPending = pending.get(query.maxKeys() - 1).key();
            end = end == null || S3_ORDER.compare(lastPending, end) < 0 ? lastPending : end;
        }
        Map<String, ObjectSummary> kept = end == null ? entries : entries.headMap(end, true);
        boolean truncated = Boolean.TRUE.equals(page.isTruncated()) || pendingHasMore || kept.size() > query.maxKeys();
        List<ObjectSummary> objects = new ArrayList<>();
        List<String> prefixes = new ArrayList<>();
        String last = null;
        for (Map.Entry<String, ObjectSummary> entry : kept.entrySet()) {
            if (objects.size() + prefixes.size() == query.maxKeys()) {
                break;
            }
            if (entry.getValue() == null) {
                prefixes.add(entry.getKey());
            } else {
                objects.add(entry.getValue());
            }
            last = entry.getKey();
        }
        return new ListPage(objects, prefixes, truncated, last);
    }

    /** The origin page's last entry (key or common prefix) in the bucket's key space. */
    private static String lastOf(ListObjectsV2Response page, String base) {
        String key = page.contents().isEmpty() ? null
                : page.contents().get(page.contents().size() - 1).key().substring(base.length());
        String prefix = page.commonPrefixes().isEmpty() ? null
                : page.commonPrefixes().get(page.commonPrefixes().size() - 1).prefix().substring(base.length());
        if (key == null || prefix == null) {
            return key == null ? prefix : key;
        }
        return S3_ORDER.compare(key, prefix) >= 0 ? key : prefix;
    }
}
