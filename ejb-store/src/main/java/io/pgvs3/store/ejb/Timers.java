package io.pgvs3.store.ejb;

import jakarta.ejb.Timer;
import jakarta.ejb.TimerService;
import java.util.logging.Level;
import java.util.logging.Logger;

/** What the timer beans share when they stop. */
final class Timers {

    private static final Logger LOG = Logger.getLogger(Timers.class.getName());

    private Timers() {
    }

    /** Cancels every timer of the bean; they may already be gone when the application stops. */
    static void cancelAll(TimerService service) {
        try {
            for (Timer timer : service.getTimers()) {
                timer.cancel();
            }
        } catch (RuntimeException e) {
            LOG.log(Level.FINE, "timers were already gone", e);
        }
    }
}
