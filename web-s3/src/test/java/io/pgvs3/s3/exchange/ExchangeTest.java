package io.pgvs3.s3.exchange;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.s3.route.Route;
import io.pgvs3.s3.route.S3Operation;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class ExchangeTest {

    @Test
    void completionActionsRunOnceEvenIfTheExchangeFinishesTwice() {
        Exchange exchange = new Exchange("00000000DEADBEEF", "GET", "/b/k", null, Map.of());
        AtomicInteger released = new AtomicInteger();
        exchange.onComplete(released::incrementAndGet);
        assertTrue(exchange.finish());
        assertFalse(exchange.finish(), "completion, error and timeout may all report the end");
        assertEquals(1, released.get());
    }

    @Test
    void anActionAddedAfterTheEndRunsAtOnce() {
        Exchange exchange = new Exchange("00000000DEADBEEF", "GET", "/b/k", null, Map.of());
        exchange.finish();
        AtomicInteger released = new AtomicInteger();
        exchange.onComplete(released::incrementAndGet);
        assertEquals(1, released.get());
    }

    @Test
    void aFailingActionDoesNotStopTheOthers() {
        Exchange exchange = new Exchange("00000000DEADBEEF", "GET", "/b/k", null, Map.of());
        AtomicInteger released = new AtomicInteger();
        exchange.onComplete(() -> {
            throw new IllegalStateException("boom");
        });
        exchange.onComplete(released::incrementAndGet);
        exchange.finish();
        assertEquals(1, released.get());
    }

    @Test
    void theOperationIsKnownOnceRouted() {
        Exchange exchange = new Exchange("00000000DEADBEEF", "GET", "/b/k", null, Map.of());
        assertEquals("Unknown", exchange.operation());
        exchange.route(new Route(S3Operation.GET_OBJECT, "b", "k", null));
        assertEquals("GetObject", exchange.operation());
    }
}
