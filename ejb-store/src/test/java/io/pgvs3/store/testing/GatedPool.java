package io.pgvs3.store.testing;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.sql.DelegatingDataSource;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;
import javax.sql.DataSource;

/**
 * A pool that counts the sessions it lends; once armed, the next one waits until the test releases it, so that
 * the caller who asked for it holds its group of coalesced calls open while others queue behind it. It runs the
 * callers on threads of its own; {@link #close} ends them.
 */
public final class GatedPool extends DelegatingDataSource implements AutoCloseable {

    /** A stall time no held leader reaches, so that the calls behind it queue for as long as the test holds it. */
    public static final Duration HELD_LEADER_NEVER_STALLS = Duration.ofHours(1);

    private final AtomicInteger lent = new AtomicInteger();
    private final CountDownLatch entered = new CountDownLatch(1);
    private final CountDownLatch release = new CountDownLatch(1);
    private final ExecutorService callers = Executors.newCachedThreadPool();
    private volatile boolean armed;

    private GatedPool(DataSource target) {
        super(target);
    }

    /** The test database's main pool, gated. */
    public static GatedPool ofTestDatabase() {
        return new GatedPool(PostgresExtension.main());
    }

    /** The test database's chunk pool, gated. */
    public static GatedPool ofTestChunks() {
        return new GatedPool(PostgresExtension.chunk());
    }

    /** The test database's data-access path with this pool as its main pool. */
    public DataAccess access(NamespaceCache namespaces) {
        return new DataAccess(this, PostgresExtension.chunk(), namespaces);
    }

    /**
     * Runs {@code call}, which is to lead a group, and returns once it waits for its session
     * (until {@link #releaseOnceQueued}).
     */
    public <T> Future<T> leadHeldOpen(Callable<T> call) throws InterruptedException {
        armed = true;
        Future<T> leader = callers.submit(call);
        if (!entered.await(30, TimeUnit.SECONDS)) {
            throw new AssertionError("the leader never asked for a session");
        }
        return leader;
    }

    /**
     * Lets the held leader go on once {@code queued} (callers waiting for the next leader) reaches {@code
     * followers}; returns the sessions lent until then.
     */
    public int releaseOnceQueued(IntSupplier queued, int followers) throws InterruptedException {
        awaitQueued(queued, followers);
        int lentSoFar = lent.get();
        release.countDown();
        return lentSoFar;
    }

    /** Returns once {@code queued} (callers waiting for the next group) reaches {@code calls}; fails after 30 s. */
    public static void awaitQueued(IntSupplier queued, int calls) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (queued.getAsInt() != calls) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("timed out waiting for " + calls + " calls to queue");
            }
            Thread.sleep(5);
        }
    }

    /** Runs {@code call}, which is to follow the held leader, and adds it to {@code followers}. */
    public <T> Future<T> follow(List<Future<?>> followers, Callable<T> call) {
        Future<T> f = callers.submit(call);
        followers.add(f);
        return f;
    }

    /** Runs {@code call} beside the group. */
    public <T> Future<T> run(Callable<T> call) {
        return callers.submit(call);
    }

    /** Lets a held session go (a test that failed before its release) and ends the callers' threads. */
    @Override
    public void close() {
        release.countDown();
        callers.shutdownNow();
    }

    /** Sessions lent so far. */
    public int lent() {
        return lent.get();
    }

    @Override
    public Connection getConnection() throws SQLException {
        lent.incrementAndGet();
        if (armed) {
            armed = false;
            entered.countDown();
            try {
                if (!release.await(30, TimeUnit.SECONDS)) {
                    throw new SQLException("the test never released the gate");
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new SQLException(e);
            }
        }
        return target.getConnection();
    }
}
