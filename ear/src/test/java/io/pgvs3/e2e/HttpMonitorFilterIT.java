package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Liberty's HTTP monitor reads {@code <monitor filter>} (ADR 69): the component that reads it for the HTTP
 * monitor activates only once the service lib/bell registers exists, and with {@code HTTP} not in the filter
 * it turns the monitor's servlet filter off. Seen in the trace of that component, set with PGVS3_LOG_TRACE.
 */
class HttpMonitorFilterIT {

    private static final int SHIFT = 97;
    private static final String LISTENER = "io.openliberty.http.monitor.MonitorAppStateListener";
    private final StackScript script = new StackScript("stack-http-monitor", SHIFT, 1,
            Map.of("PGVS3_LOG_TRACE", "*=info:" + LISTENER + "=debug"));

    @AfterEach
    void stop() throws Exception {
        script.reset();
    }

    @Test
    void theHttpMonitorReadsTheMonitorFilterAndIsOff() throws Exception {
        script.startFresh();
        Path trace = script.stateDir().resolve("gw1/servers/pgvs3/logs/trace.log");
        assertTrue(Files.exists(trace), "no trace.log: PGVS3_LOG_TRACE did not reach Liberty's trace specification");
        String text = Files.readString(trace);
        assertTrue(text.contains("HTTP filter is enabled set to: [false]"),
                "the HTTP monitor never read <monitor filter> (" + LISTENER + " did not activate)");
        assertFalse(text.contains("HTTP filter is enabled set to: [true]"), "the HTTP monitor is on");
    }
}
