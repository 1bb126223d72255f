package io.pgvs3.store.read;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.Coalescer;
import io.pgvs3.store.api.ObjectMeta;
import java.io.IOException;
import java.time.Duration;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * Lookups of object rows by key for HEAD and GET, coalesced across requests (docs/adr/0070): at most
 * {@code maxInFlight} lookups run at once; lookups that arrive meanwhile wait, and the next free leader finds
 * all their rows of one bucket in one query of at most {@value #MAX_KEYS} keys. A query costs PostgreSQL about
 * as much as one lookup, and a small GET's own cost in the database is mostly its round trip. Each query starts
 * after every member asked, so each sees every write acknowledged before it asked. A lookup that finds nobody
 * waiting runs alone, with the single-key statement, as without this class; 0 in flight makes every lookup run
 * alone.
 */
public final class ObjectLookups {

    /** Keys one query asks for at most; a larger group takes several. */
    static final int MAX_KEYS = 64;

    /**
     * How long a query runs before the lookups behind it may start another (docs/adr/0072): many times a lookup's
     * round trip, so that only a query stalled on a slow disk or a lost session lets others by.
     */
    static final Duration STALL_AFTER = Duration.ofMillis(20);

    private static final DataAccess.Work<String, Optional<ObjectMeta>, IOException> FIND_META =
            (c, ns, key) -> ObjectRows.find(c, ns, key, false);
    private static final DataAccess.Work<String, Optional<ObjectMeta>, IOException> FIND_WITH_BODY =
            (c, ns, key) -> ObjectRows.find(c, ns, key, true);
    private static final DataAccess.Work<String[], Map<String, ObjectRows.Found>, RuntimeException> FIND_ALL_META =
            (c, ns, keys) -> ObjectRows.findAll(c, ns, keys, false);
    private static final DataAccess.Work<String[], Map<String, ObjectRows.Found>, RuntimeException> FIND_ALL_WITH_BODY =
            (c, ns, keys) -> ObjectRows.findAll(c, ns, keys, true);

    /** One request's lookup and, once done, its row (null: none). */
    private static final class Lookup extends Coalescer.Call {
        final Scope scope;
        final String key;
        ObjectRows.Found found;

        Lookup(Scope scope, String key) {
            this.scope = scope;
            this.key = key;
        }
    }

    /** What one query serves: the rows of one bucket, with or without their inline bodies. */
    private record Scope(String bucket, boolean withInlineBody) {
    }

    private final DataAccess access;
    /** Null when every lookup runs alone. */
    private final Coalescer<Lookup> group;

    /** @param maxInFlight lookups at once, 0 for no coalescing */
    public ObjectLookups(DataAccess access, int maxInFlight) {
        this(access, maxInFlight, STALL_AFTER);
    }

    /** @param stallAfter how long a query runs before the lookups behind it may start another */
    ObjectLookups(DataAccess access, int maxInFlight, Duration stallAfter) {
        this.access = access;
        this.group = maxInFlight > 0 ? new Coalescer<>(maxInFlight, stallAfter, this::lookUp, "an object lookup") : null;
    }

    /** Every lookup alone (the readers of copies, parts and the outbox, which run on their own sessions' pace). */
    public static ObjectLookups alone(DataAccess access) {
        return new ObjectLookups(access, 0);
    }

    /**
     * The row of {@code key} in {@code bucket}, if any.
     *
     * @throws IOException its stored inline body is corrupt
     */
    Optional<ObjectMeta> find(String bucket, String key, boolean withInlineBody) throws IOException {
        if (group == null) {
            return alone(bucket, key, withInlineBody);
        }
        Lookup mine = new Lookup(new Scope(bucket, withInlineBody), key);
        group.submit(mine);
        if (mine.found == null) {
            return Optional.empty();
        }
        if (mine.found.corrupt() != null) {
            throw mine.found.corrupt();
        }
        return Optional.of(mine.found.meta());
    }

    /** Lookups waiting for the next leader (tests). */
    int queued() {
        return group == null ? 0 : group.queued();
    }

    private Optional<ObjectMeta> alone(String bucket, String key, boolean withInlineBody) throws IOException {
        return access.read(Pool.MAIN, "HEAD", bucket, key, withInlineBody ? FIND_WITH_BODY : FIND_META);
    }

    /** Runs on the leader's thread: one query per bucket and {@value #MAX_KEYS} keys; one lookup as it would alone. */
    private void lookUp(List<Lookup> members) {
        Coalescer.by(members, l -> l.scope).forEach((scope, lookups) -> {
            if (lookups.size() == 1) {
                lookUpAlone(lookups.get(0));
            } else {
                for (int from = 0; from < lookups.size(); from += MAX_KEYS) {
                    lookUpAll(scope, lookups.subList(from, Math.min(lookups.size(), from + MAX_KEYS)));
                }
            }
        });
    }

    private void lookUpAlone(Lookup l) {
        Coalescer.call("HEAD", () -> {
            try {
                l.found = alone(l.scope.bucket(), l.key, l.scope.withInlineBody())
                        .map(meta -> new ObjectRows.Found(meta, null)).orElse(null);
            } catch (IOException e) {
                l.found = new ObjectRows.Found(null, e);
            }
            return l;
        }, l::fail);
    }

    private void lookUpAll(Scope scope, List<Lookup> lookups) {
        Set<String> keys = new LinkedHashSet<>();
        lookups.forEach(l -> keys.add(l.key));
        Map<String, ObjectRows.Found> rows = Coalescer.call("HEAD", () -> access.read(Pool.MAIN, "HEAD", scope.bucket(),
                keys.toArray(String[]::new), scope.withInlineBody() ? FIND_ALL_WITH_BODY : FIND_ALL_META),
                e -> lookups.forEach(l -> l.fail(e)));
        if (rows != null) {
            lookups.forEach(l -> l.found = rows.get(l.key));
        }
    }
}
