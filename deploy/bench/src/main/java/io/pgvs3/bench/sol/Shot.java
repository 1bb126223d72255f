package io.pgvs3.bench.sol;

import io.pgvs3.bench.load.CpuProbe;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One measured call: its wall time, the payload bytes it moved and the CPU the server and PostgreSQL
 * spent meanwhile, read from the kernel right before and right after it (ADR 21's probes, per call).
 *
 * @param nanos          wall time
 * @param bytes          payload bytes moved
 * @param clientCpuNanos the harness JVM's CPU (-1 unknown)
 * @param serverCpuNanos the serving process's CPU (-1 unknown or not separable)
 * @param dbCpuNanos     PostgreSQL's CPU (-1 unknown)
 * @param error          null on success, else an HTTP status or "io"
 */
record Shot(long nanos, long bytes, long clientCpuNanos, long serverCpuNanos, long dbCpuNanos, String error) {
    private static final CpuProbe CLIENT = CpuProbe.client();
    private static final Logger LOG = Logger.getLogger(Shot.class.getName());

    /** A call that returns the bytes it moved, or throws {@link Failed} with a status. */
    @FunctionalInterface
    interface Call {
        long run() throws Exception;
    }

    /** A call that got an answer, but the wrong one. */
    static final class Failed extends Exception {
        final String status;

        Failed(String status, String message) {
            super(message);
            this.status = status;
        }
    }

    static Shot measure(CpuProbe server, CpuProbe db, Call call) {
        long c0 = CLIENT.cpuNanos();
        long s0 = server.cpuNanos();
        long d0 = db.cpuNanos();
        long t0 = System.nanoTime();
        long bytes = 0;
        String error = null;
        try {
            bytes = call.run();
        } catch (Failed e) {
            error = e.status;
            LOG.warning(e.getMessage());
        } catch (Exception e) {
            error = "io";
            LOG.log(Level.WARNING, "call failed", e);
        }
        long t1 = System.nanoTime();
        return new Shot(t1 - t0, bytes, delta(c0, CLIENT.cpuNanos()), delta(s0, server.cpuNanos()),
                delta(d0, db.cpuNanos()), error);
    }

    private static long delta(long before, long after) {
        return before < 0 || after < 0 ? -1 : after - before;
    }
}
