package io.pgvs3.resp.command;

import io.pgvs3.store.api.KvSession;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;

/**
 * Each thread's own store session, opened on its first call: the workers call the store as plain calls,
 * without an EJB invocation each (docs/adr/0050). The listener's threads live as long as it does, so the
 * sessions are closed together when it stops.
 */
public final class KvThreads {

    private final Supplier<? extends KvSession> opener;
    private final Queue<KvSession> opened = new ConcurrentLinkedQueue<>();
    private final ThreadLocal<KvSession> mine = ThreadLocal.withInitial(this::open);

    public KvThreads(Supplier<? extends KvSession> opener) {
        this.opener = opener;
    }

    private KvSession open() {
        KvSession session = opener.get();
        opened.add(session);
        return session;
    }

    /** The calling thread's session. */
    public KvSession current() {
        return mine.get();
    }

    /** Once no thread calls any more. */
    public void closeAll() {
        KvSession session;
        while ((session = opened.poll()) != null) {
            session.close();
        }
    }
}
