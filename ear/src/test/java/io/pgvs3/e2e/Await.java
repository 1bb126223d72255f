package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;

/** Waiting for a condition that may take a database or a gateway to tell, polled every 100 ms. */
public final class Await {

    /** A condition that may need a query or a request to decide. */
    public interface Check {
        boolean holds() throws Exception;
    }

    private Await() {
    }

    /** Returns once {@code condition} holds; fails naming {@code what} after {@code patience}. */
    public static void until(Duration patience, String what, Check condition) throws Exception {
        long deadline = System.nanoTime() + patience.toNanos();
        while (!condition.holds()) {
            assertTrue(System.nanoTime() < deadline, what + " within " + patience);
            Thread.sleep(100);
        }
    }
}
