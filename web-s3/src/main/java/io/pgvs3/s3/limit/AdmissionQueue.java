package io.pgvs3.s3.limit;

import java.util.ArrayDeque;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * At most {@code limit} holders at once, the rest served first come, first served. A waiter is refused
 * once no holder has finished for {@code patience} (counted from its arrival or the last finish, whichever
 * is later): while holders keep finishing the queue moves and its waiters keep their places however slow
 * each turn is; when every holder stalls, newcomers are refused after {@code patience}. At most
 * {@code maxWaiting} wait; one more is refused at once. A permit given up is handed to the first waiter.
 */
final class AdmissionQueue {

    /** One waiting caller: its own condition, so that a finish wakes only the waiter it admits. */
    private static final class Waiter {
        final Condition turn;
        final long arrivedNanos;
        boolean admitted;

        Waiter(Condition turn, long arrivedNanos) {
            this.turn = turn;
            this.arrivedNanos = arrivedNanos;
        }
    }

    private final int limit;
    private final int maxWaiting;
    private final long patienceNanos;
    private final ReentrantLock lock = new ReentrantLock();
    private final ArrayDeque<Waiter> waiting = new ArrayDeque<>();
    private int held;
    private long lastFinishNanos = System.nanoTime();

    AdmissionQueue(int limit, int maxWaiting, long patienceNanos) {
        this.limit = limit;
        this.maxWaiting = maxWaiting;
        this.patienceNanos = patienceNanos;
    }

    /** True when a permit was taken; the caller must {@link #release} it exactly once. */
    boolean tryAcquire() {
        lock.lock();
        try {
            if (waiting.isEmpty() && held < limit) {
                held++;
                return true;
            }
            if (waiting.size() >= maxWaiting) {
                return false;
            }
            Waiter waiter = new Waiter(lock.newCondition(), System.nanoTime());
            waiting.addLast(waiter);
            return await(waiter);
        } finally {
            lock.unlock();
        }
    }

    /** Gives a permit up: to the first waiter when there is one. */
    void release() {
        lock.lock();
        try {
            lastFinishNanos = System.nanoTime();
            Waiter next = waiting.pollFirst();
            if (next == null) {
                held--;
            } else {
                next.admitted = true; // the permit passes over without being counted free
                next.turn.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    /** Permits held now. */
    int held() {
        lock.lock();
        try {
            return held;
        } finally {
            lock.unlock();
        }
    }

    /** Callers waiting for a permit now. */
    int waiting() {
        lock.lock();
        try {
            return waiting.size();
        } finally {
            lock.unlock();
        }
    }

    /** Called holding the lock with {@code waiter} queued; true once it was handed a permit. */
    private boolean await(Waiter waiter) {
        try {
            while (!waiter.admitted) {
                long left = Math.max(waiter.arrivedNanos, lastFinishNanos) + patienceNanos - System.nanoTime();
                if (left <= 0) {
                    waiting.remove(waiter);
                    return false;
                }
                waiter.turn.awaitNanos(left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            if (waiter.admitted) {
                release(); // handed a permit while being interrupted: pass it on
            } else {
                waiting.remove(waiter);
            }
            return false;
        }
    }
}
