package io.pgvs3.resp.command;

import io.pgvs3.store.api.HeldSession;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * The main-pool sessions that clients keep between their commands (docs/adr/0054), so that a client sending
 * one command at a time does not take a session from the pool and give it back for each: at most
 * {@code limit} at once, taken by the clients whose batches asked first while one was free, each given back
 * when its client pauses or goes away. Clients without one take a pooled session per batch, as before.
 */
public final class HeldSessions {

    private final Supplier<? extends HeldSession> store;
    private final AtomicInteger free;

    public HeldSessions(Supplier<? extends HeldSession> store, int limit) {
        this.store = store;
        this.free = new AtomicInteger(limit);
    }

    /** For a batch of {@code session}'s: the session it keeps, taken now if it has none and one is free; else null. */
    HeldSession forBatch(Session session) {
        synchronized (session) {
            if (session.held == null && !session.ended && take()) {
                session.held = store.get();
            }
            return session.held;
        }
    }

    private boolean take() {
        return free.getAndUpdate(n -> n > 0 ? n - 1 : n) > 0;
    }

    /**
     * {@code session}'s client paused ({@code ended} false) or went away: its kept session goes back to the pool,
     * once the batch running on it, if any, ended. A client that went away takes none again.
     */
    public void giveBack(Session session, boolean ended) {
        HeldSession held;
        synchronized (session) {
            held = session.held;
            session.held = null;
            session.ended |= ended;
        }
        if (held != null) {
            held.close();
            free.incrementAndGet();
        }
    }
}
