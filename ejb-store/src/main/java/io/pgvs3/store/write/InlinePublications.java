package io.pgvs3.store.write;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.Coalescer;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.List;

/**
 * The publications of small PUTs (a body inline in its row), each one statement and a commit. Unconditional
 * PUTs with nothing to run before their commit are coalesced across requests (docs/adr/0071): at most
 * {@code maxInFlight} transactions run at once; publications arriving meanwhile wait, and the next free leader
 * publishes all of one bucket's in one transaction, in key order, and commits once: PostgreSQL's CPU per small
 * PUT is mostly its commit. Every caller returns after that commit, so an answer still means committed. If the
 * shared transaction fails (a deadlock, a timeout, a lost session), nothing of it is visible, and each of its
 * publications runs again alone, as without this class.
 */
public final class InlinePublications {

    /**
     * How long a shared transaction runs before the PUTs behind it may start another (docs/adr/0072): well above a
     * commit's flush, so that only a transaction waiting on a lock or a stalled session lets others by.
     */
    static final Duration STALL_AFTER = Duration.ofMillis(100);

    /** What one publication needs besides its session and cached namespace. */
    record Publication(NewObject object, PutSpec spec, AfterPublish after) {

        /** Whether it may share a transaction: no condition to decide, nothing to run before its commit. */
        boolean shareable() {
            WriteCondition condition = spec.condition();
            return after == AfterPublish.NONE && (condition == null || WriteCondition.NONE.equals(condition));
        }
    }

    /** One caller's publication and, once committed, its Last-Modified. */
    private static final class Pending extends Coalescer.Call {
        final Publication publication;
        Instant modified;

        Pending(Publication publication) {
            this.publication = publication;
        }
    }

    private final DataAccess access;
    private final NamespaceCache namespaces;
    /** Null when every publication runs alone. */
    private final Coalescer<Pending> group;

    /** @param maxInFlight shared transactions at once, 0 for none */
    public InlinePublications(DataAccess access, int maxInFlight) {
        this(access, maxInFlight, STALL_AFTER);
    }

    /** @param stallAfter how long a shared transaction runs before the PUTs behind it may start another */
    InlinePublications(DataAccess access, int maxInFlight, Duration stallAfter) {
        this.access = access;
        this.namespaces = access.namespaces();
        this.group = maxInFlight > 0
                ? new Coalescer<>(maxInFlight, stallAfter, this::publishAll, "a shared publication") : null;
    }

    /** Every publication in a transaction of its own. */
    public static InlinePublications alone(DataAccess access) {
        return new InlinePublications(access, 0);
    }

    /** Publishes and commits; returns the Last-Modified to report. */
    Instant publish(Publication p) {
        if (group == null || !p.shareable()) {
            return alone(p);
        }
        Pending mine = new Pending(p);
        group.submit(mine);
        if (mine.modified == null) {
            throw new StoreException(StoreError.UNAVAILABLE, "PUT " + p.spec().key() + " was not published");
        }
        return mine.modified;
    }

    /** Callers waiting for the next leader (tests). */
    int queued() {
        return group == null ? 0 : group.queued();
    }

    private Instant alone(Publication p) {
        return access.transaction(Pool.MAIN, "PUT " + p.spec().key(), p.spec().bucket(), p, this::publish);
    }

    /** Runs on the leader's thread: one transaction per bucket, in key order, so two groups lock alike. */
    private void publishAll(List<Pending> members) {
        Coalescer.by(members, m -> m.publication.spec().bucket()).forEach((bucket, pending) -> {
            if (pending.size() > 1) {
                pending.sort(Comparator.comparing(m -> m.publication.spec().key()));
                try {
                    access.transaction(Pool.MAIN, "PUT", bucket, pending, this::publishEach);
                    return;
                } catch (RuntimeException e) {
                    // rolled back, nothing visible: each once more alone, as it would have run without the group
                    // (whatever failed: a follower must never return as if its commit had happened)
                    pending.forEach(m -> m.modified = null);
                }
            }
            pending.forEach(m -> Coalescer.call("PUT", () -> m.modified = alone(m.publication), m::fail));
        });
    }

    private Void publishEach(Connection c, Namespace cached, List<Pending> pending) throws SQLException {
        for (Pending m : pending) {
            m.modified = publish(c, cached, m.publication);
        }
        return null;
    }

    /**
     * One statement that locks and publishes, trusting the cached namespace. Only when it published nothing
     * (the namespace changed, or a condition failed) does the locked way decide.
     */
    private Instant publish(Connection c, Namespace cached, Publication p) throws SQLException {
        Instant modified = ObjectPublisher.publishTrusting(c, cached, p.object(), p.spec().condition());
        if (modified != null) {
            return p.after().run(c, cached, modified);
        }
        Namespace ns = namespaces.lockForWrite(c, p.spec().bucket());
        return p.after().run(c, ns, ObjectPublisher.publish(c, ns, p.object(), p.spec().condition()));
    }
}
