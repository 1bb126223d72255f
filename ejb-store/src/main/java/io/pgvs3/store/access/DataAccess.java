package io.pgvs3.store.access;

import io.pgvs3.store.api.HeldSession;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.namespace.NamespaceCache;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.SessionWork;
import io.pgvs3.store.sql.SqlErrors;
import io.pgvs3.store.sql.Transactions;
import java.sql.Connection;
import java.sql.SQLException;
import javax.sql.DataSource;

/**
 * The one way the store's workers talk to PostgreSQL. A worker names the pool (main for metadata, chunk
 * for bytes), the operation and the bucket, and hands over work that receives a session and the
 * bucket's namespace; this class does the rest of the sequence:
 * <ol>
 * <li>a session of the pool: reads in autocommit, run once more on a fresh session when the pool lent a
 * dead one ({@link ReadRetry}); writes in a transaction ({@link Transactions}), never retried;</li>
 * <li>the namespace: from the gateway's cache ({@link #read}, {@link #transaction}) or found under its
 * row lock inside the transaction ({@link #write}), so that the bucket cannot be dropped under a write;</li>
 * <li>a cached namespace whose schema is gone (the bucket was dropped, perhaps re-created under a new
 * schema) is evicted and the work run once more against the fresh one;</li>
 * <li>SQL failures become {@link StoreException}s naming the operation and bucket ({@link SqlErrors}).</li>
 * </ol>
 * Work that is not about one bucket (the bucket catalog, the RESP databases) runs on the main pool through
 * the methods that take no bucket, which do the same without a namespace.
 */
public final class DataAccess {

    /** Work against one namespace with one input; {@code X} is what else it may throw. */
    @FunctionalInterface
    public interface Work<A, T, X extends Exception> extends SessionWork<Namespace, A, T, X> {
    }

    /** Work against one namespace that takes its inputs from where it was written (a capturing lambda). */
    @FunctionalInterface
    public interface Scoped<T> {
        T run(Connection c, Namespace ns) throws SQLException;
    }

    /** Thrown by race-retried work that must start over (it sees the other writer's row next time). */
    public static final class Retry extends RuntimeException {
        public Retry() {
            super(null, null, false, false);
        }
    }

    /** deadlock_detected, serialization_failure: a race the loser may run again. */
    private static final String DEADLOCK = "40P01";
    private static final String SERIALIZATION = "40001";

    /** Runs a {@link Scoped} work handed over as the input. */
    private static final Work<Scoped<Object>, Object, RuntimeException> SCOPED = (c, ns, work) -> work.run(c, ns);

    private final DataSource main;
    /** The main pool for autocommit reads (which may keep sessions between reads: {@link KeptReadSessions}). */
    private final DataSource mainReads;
    private final DataSource chunk;
    private final NamespaceCache namespaces;

    public DataAccess(DataSource main, DataSource chunk, NamespaceCache namespaces) {
        this(main, main, chunk, namespaces);
    }

    /** @param mainReads the main pool as autocommit reads take it */
    public DataAccess(DataSource main, DataSource mainReads, DataSource chunk, NamespaceCache namespaces) {
        this.main = main;
        this.mainReads = mainReads;
        this.chunk = chunk;
        this.namespaces = namespaces;
    }

    /** The sessions of {@code pool}. */
    public DataSource pool(Pool pool) {
        return pool == Pool.MAIN ? main : chunk;
    }

    public NamespaceCache namespaces() {
        return namespaces;
    }

    /**
     * The same path for one store session: its main-pool sessions come from {@code binding} (a held one, or
     * the pool's), its chunk pool and namespace cache are this path's.
     */
    public DataAccess bound(SessionBinding binding) {
        return new DataAccess(binding, chunk, namespaces);
    }

    /**
     * The same path, its reads on a session of the pool per read: for work on a timer, whose read every second
     * would otherwise keep a session out of the pool for good (a kept one goes back only after a second unused).
     */
    public DataAccess withPoolReads() {
        return new DataAccess(main, main, chunk, namespaces);
    }

    /** A main-pool session for one client to keep between its calls (see {@link SessionBinding#runOn}). */
    public HeldSession holdMain() {
        return new HeldConnection(main);
    }

    /**
     * Read-only work on a session of {@code pool} (autocommit) against the bucket's cached namespace.
     *
     * @throws StoreException NO_SUCH_BUCKET, UNAVAILABLE, BUSY, or what the work throws
     */
    public <A, T, X extends Exception> T read(Pool pool, String operation, String bucket, A input,
            Work<A, T, X> work) throws X {
        return onCachedNamespace(false, pool, operation, bucket, input, work);
    }

    /** {@link #read(DataSource, String, String, Object, Work)} for work that captures its inputs. */
    public <T> T read(Pool pool, String operation, String bucket, Scoped<T> work) {
        return read(pool, operation, bucket, work, scoped());
    }

    /**
     * One transaction on a session of {@code pool} against the bucket's cached namespace, trusting it
     * without a row lock (the work locks what it must). Run once more after a stale namespace: the work
     * must not have consumed anything of the caller's that a second run would miss.
     */
    public <A, T, X extends Exception> T transaction(Pool pool, String operation, String bucket, A input,
            Work<A, T, X> work) throws X {
        return onCachedNamespace(true, pool, operation, bucket, input, work);
    }

    /** The work against the cached namespace, once more after evicting a stale one. */
    private <A, T, X extends Exception> T onCachedNamespace(boolean inTransaction, Pool pool, String operation,
            String bucket, A input, Work<A, T, X> work) throws X {
        for (int attempt = 0; ; attempt++) {
            Namespace ns = namespaces.resolve(bucket);
            try {
                return inTransaction ? Transactions.onSession(pool(pool), false, ns, input, work)
                        : ReadRetry.run(pool == Pool.MAIN ? mainReads : chunk, ns, input, work);
            } catch (SQLException e) {
                if (attempt == 0 && isStale(bucket, e)) {
                    continue;
                }
                throw failure(operation, bucket, e);
            }
        }
    }

    /**
     * One transaction on a session of {@code pool} whose first step holds the bucket's namespace row
     * (FOR KEY SHARE, {@link NamespaceCache#lockForWrite}) until it ends, so the bucket cannot be dropped
     * under the work, which then receives that namespace.
     *
     * @throws StoreException NO_SUCH_BUCKET, UNAVAILABLE, BUSY, READ_ONLY, or what the work throws
     */
    public <A, T, X extends Exception> T write(Pool pool, String operation, String bucket, A input,
            Work<A, T, X> work) throws X {
        return write(pool, false, operation, bucket, input, work);
    }

    /** {@link #write(DataSource, String, String, Object, Work)} for work that captures its inputs. */
    public <T> T write(Pool pool, String operation, String bucket, Scoped<T> work) {
        return write(pool, false, operation, bucket, work, scoped());
    }

    /** {@link #writeLong(DataSource, String, String, Object, Work)} for work that captures its inputs. */
    public <T> T writeLong(Pool pool, String operation, String bucket, Scoped<T> work) {
        return write(pool, true, operation, bucket, work, scoped());
    }

    @SuppressWarnings("unchecked")
    private static <T> Work<Scoped<T>, T, RuntimeException> scoped() {
        return (Work<Scoped<T>, T, RuntimeException>) (Work<?, ?, ?>) SCOPED;
    }

    /** {@link #write} for work that streams or copies bytes: it may run longer than any statement timeout. */
    public <A, T, X extends Exception> T writeLong(Pool pool, String operation, String bucket, A input,
            Work<A, T, X> work) throws X {
        return write(pool, true, operation, bucket, input, work);
    }

    private <A, T, X extends Exception> T write(Pool pool, boolean lifted, String operation, String bucket,
            A input, Work<A, T, X> work) throws X {
        try {
            return Transactions.onSession(pool(pool), lifted, bucket, input,
                    (c, name, in) -> work.run(c, namespaces.lockForWrite(c, name), in));
        } catch (SQLException e) {
            throw failure(operation, bucket, e);
        }
    }

    /**
     * The store error for work on {@code bucket} that failed with {@code e}, for callers that hold their
     * own session (the read window); a namespace found gone is evicted so the next call looks it up anew.
     */
    public StoreException failure(String operation, String bucket, SQLException e) {
        if (SqlErrors.isMissingNamespace(e)) {
            namespaces.evict(bucket);
        }
        return SqlErrors.translate(operation, bucket, e);
    }

    private boolean isStale(String bucket, SQLException e) {
        if (!SqlErrors.isMissingNamespace(e)) {
            return false;
        }
        namespaces.evict(bucket);
        return true;
    }

    /**
     * Read-only work that is about no one bucket's namespace (the bucket catalog) on a main-pool
     * session, again on a fresh one when the pool lent a dead one; failures name the operation and
     * {@code bucket}.
     */
    public <T> T readCatalog(String operation, String bucket, Transactions.Work<T> work) {
        try {
            return ReadRetry.run(mainReads, work);
        } catch (SQLException e) {
            throw SqlErrors.translate(operation, bucket, e);
        }
    }

    /** One transaction about no one bucket's namespace (creating or dropping a bucket); failures name the bucket. */
    public <T> T catalogTransaction(String operation, String bucket, Transactions.Work<T> work) {
        try {
            return Transactions.onSession(main, work);
        } catch (SQLException e) {
            throw SqlErrors.translate(operation, bucket, e);
        }
    }

    /**
     * Read-only work in {@code scope} (a RESP database) on a session of {@code pool}, again on a fresh one
     * when the pool lent a dead one.
     */
    public <T> T readIn(String operation, String scope, Transactions.Work<T> work) {
        try {
            return ReadRetry.run(mainReads, work);
        } catch (SQLException e) {
            throw SqlErrors.unavailable(operation + " in " + scope, e);
        }
    }

    /**
     * One transaction in {@code scope}, run again (up to {@code attempts} times in all) when it lost a race
     * it cannot lose twice in a row for long: a deadlock between two multi-key writers, a serialization
     * failure, or work that threw {@link Retry} (a first insert of a key another gateway inserted first).
     */
    public <T> T transactionRetryingRaces(int attempts, String operation, String scope, Transactions.Work<T> work) {
        for (int attempt = 1; ; attempt++) {
            try {
                return Transactions.onSession(main, work);
            } catch (Retry e) {
                if (attempt == attempts) {
                    throw new StoreException(StoreError.UNAVAILABLE, "database refused " + operation + " in "
                            + scope + ": kept losing to concurrent writers");
                }
            } catch (SQLException e) {
                boolean raced = DEADLOCK.equals(e.getSQLState()) || SERIALIZATION.equals(e.getSQLState());
                if (!raced || attempt == attempts) {
                    throw SqlErrors.unavailable(operation + " in " + scope, e);
                }
            }
        }
    }
}
