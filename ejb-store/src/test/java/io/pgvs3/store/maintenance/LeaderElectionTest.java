package io.pgvs3.store.maintenance;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.store.testing.PostgresExtension;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BooleanSupplier;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/** Two maintenance instances on one database stand for two gateways. */
@ExtendWith(PostgresExtension.class)
class LeaderElectionTest {

    private static MaintenanceFixture fx;
    /** Every gateway a test made; closed after it, so no leader outlives its test. */
    private static final List<Maintenance> GATEWAYS = new ArrayList<>();

    @BeforeAll
    static void setUp() throws Exception {
        fx = new MaintenanceFixture();
        fx.newBucket("leader"); // jobs run per namespace, so there must be one
    }

    /** A job that holds its tick until released (or until maintenance stops) and records who ran. */
    private static final class HoldingJob implements MaintenanceJob {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch release = new CountDownLatch(1);
        final AtomicInteger runs = new AtomicInteger();
        final AtomicLong backendPid = new AtomicLong();
        final AtomicLong idleSessionTimeoutMillis = new AtomicLong();

        @Override
        public String name() {
            return "hold";
        }

        @Override
        public void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) throws SQLException {
            runs.incrementAndGet();
            try (Statement s = c.createStatement(); var rs = s.executeQuery("SELECT pg_backend_pid(),"
                    + " (extract(epoch FROM current_setting('idle_session_timeout')::interval) * 1000)::bigint")) {
                rs.next();
                backendPid.set(rs.getLong(1));
                idleSessionTimeoutMillis.set(rs.getLong(2));
            }
            entered.countDown();
            try {
                while (!stopping.getAsBoolean() && !release.await(20, TimeUnit.MILLISECONDS)) {
                    // a real job checks stopping between its transactions
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            try (Statement s = c.createStatement()) {
                s.execute("SELECT 1"); // a killed leader session fails here
            }
        }
    }

    private static Maintenance gateway(MaintenanceJob job) {
        Maintenance gateway = new Maintenance(fx.main()::getConnection, MaintenanceFixture.config(Duration.ZERO),
                new MaintenanceCounters(), List.of(job));
        GATEWAYS.add(gateway);
        return gateway;
    }

    @AfterEach
    void closeGateways() {
        GATEWAYS.forEach(Maintenance::close);
        GATEWAYS.clear();
    }

    /** Gateway a leads a tick that holds until released; gateway b's tick meanwhile finds the lock taken. */
    private record Race(Maintenance a, Maintenance b, HoldingJob holdA, HoldingJob holdB,
                        CompletableFuture<Maintenance.Outcome> tickA) {

        static Race start() throws Exception {
            HoldingJob holdA = new HoldingJob();
            HoldingJob holdB = new HoldingJob();
            holdB.release.countDown();
            Maintenance a = gateway(holdA);
            Maintenance b = gateway(holdB);
            CompletableFuture<Maintenance.Outcome> tickA = CompletableFuture.supplyAsync(a::tick);
            assertTrue(holdA.entered.await(10, TimeUnit.SECONDS));
            assertEquals(Maintenance.Outcome.NOT_LEADER, b.tick());
            return new Race(a, b, holdA, holdB, tickA);
        }
    }

    @Test
    void theLeaderKeepsLeadingFromTickToTickAndTheOtherSkipsUntilItStops() throws Exception {
        Race race = Race.start();
        Maintenance a = race.a();
        Maintenance b = race.b();
        assertEquals(0, race.holdB().runs.get());
        assertFalse(b.snapshot().leader());
        assertTrue(a.snapshot().leader());
        assertEquals(Maintenance.Outcome.OVERLAPPING, a.tick(), "a gateway's own late timer skips");

        race.holdA().release.countDown();
        assertEquals(Maintenance.Outcome.RAN, race.tickA().get(10, TimeUnit.SECONDS));
        assertTrue(a.snapshot().leader(), "leadership outlives the tick");
        assertEquals(Maintenance.Outcome.NOT_LEADER, b.tick(), "the leader keeps its lock between ticks");
        assertEquals(Maintenance.Outcome.RAN, a.tick());
        assertEquals(2, race.holdA().runs.get());
        assertFalse(b.snapshot().leader());
        assertEquals(2, b.snapshot().ticksNotLeader());
        assertEquals(1, a.snapshot().ticksOverlapping());

        assertTrue(a.stop(Duration.ofSeconds(10)));
        assertFalse(a.snapshot().leader(), "stopping gives leadership up");
        assertEquals(Maintenance.Outcome.RAN, b.tick(), "and the other gateway leads on its next tick");
        assertTrue(b.snapshot().leader());
        assertEquals(1, b.snapshot().ticksAsLeader());
    }

    @Test
    void theLeadersSessionIsEndedByTheServerWhenItStopsTickingForTwoIntervals() throws Exception {
        Race race = Race.start();
        race.holdA().release.countDown();
        assertEquals(Maintenance.Outcome.RAN, race.tickA().get(10, TimeUnit.SECONDS));
        Duration interval = MaintenanceFixture.config(Duration.ZERO).interval();
        assertEquals(interval.multipliedBy(2).plusSeconds(30).toMillis(), race.holdA().idleSessionTimeoutMillis.get(),
                "a frozen leader, whose connection the kernel keeps open, still hands over");
        assertEquals(1, fx.query("SELECT count(*) FROM pg_stat_activity WHERE application_name = 'pgvs3-maintenance'"
                + " AND pid = " + race.holdA().backendPid.get()), "operators see the leader's session");
    }

    @Test
    void aLeaderWhoseSessionEndedBetweenTicksLeadsAgainOnANewSession() throws Exception {
        Race race = Race.start();
        race.holdA().release.countDown();
        assertEquals(Maintenance.Outcome.RAN, race.tickA().get(10, TimeUnit.SECONDS));
        long first = race.holdA().backendPid.get();
        fx.query("SELECT pg_terminate_backend(" + first + ")::int");
        assertEquals(Maintenance.Outcome.RAN, race.a().tick(), "a lost session is noticed before the jobs run");
        assertTrue(race.holdA().backendPid.get() != first, "the jobs ran on a new session");
        assertEquals(0, race.a().snapshot().errors());
        assertTrue(race.a().snapshot().leader());
    }

    @Test
    void whenTheLeaderStopsMidTickItsTickEndsAndTheOtherGatewayLeads() throws Exception {
        Race race = Race.start();
        assertTrue(race.a().stop(Duration.ofSeconds(10)), "stop waits for the running tick");
        assertEquals(Maintenance.Outcome.RAN, race.tickA().get(10, TimeUnit.SECONDS), "the tick ended early, cleanly");
        assertEquals(Maintenance.Outcome.STOPPED, race.a().tick(), "no tick after stop");
        assertEquals(Maintenance.Outcome.RAN, race.b().tick());
        assertEquals(1, race.holdA().runs.get());
    }

    @Test
    void whenTheLeadersSessionDiesTheOtherGatewayLeadsOnItsNextTick() throws Exception {
        Race race = Race.start();
        fx.query("SELECT pg_terminate_backend(" + race.holdA().backendPid.get() + ")::int");
        race.holdA().release.countDown();
        assertEquals(Maintenance.Outcome.FAILED, race.tickA().get(10, TimeUnit.SECONDS),
                "the dead leader's tick fails quietly");
        assertEquals(Maintenance.Outcome.RAN, race.b().tick());
    }

    @Test
    void concurrentTicksOfManyGatewaysNeverOverlap() throws Exception {
        AtomicInteger inside = new AtomicInteger();
        AtomicInteger most = new AtomicInteger();
        MaintenanceJob probe = new MaintenanceJob() {
            @Override
            public String name() {
                return "probe";
            }

            @Override
            public void run(Connection c, MaintainedNamespace ns, BooleanSupplier stopping) {
                most.accumulateAndGet(inside.incrementAndGet(), Math::max);
                try {
                    Thread.sleep(5);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
                inside.decrementAndGet();
            }
        };
        List<Maintenance> gateways = List.of(gateway(probe), gateway(probe), gateway(probe), gateway(probe));
        List<CompletableFuture<Void>> runs = gateways.stream().map(g -> CompletableFuture.runAsync(() -> {
            for (int i = 0; i < 20; i++) {
                g.tick();
            }
        })).toList();
        CompletableFuture.allOf(runs.toArray(CompletableFuture[]::new)).get(60, TimeUnit.SECONDS);
        assertEquals(1, most.get(), "at most one gateway inside a tick at any time");
        long led = gateways.stream().mapToLong(g -> g.snapshot().ticksAsLeader()).sum();
        long skipped = gateways.stream().mapToLong(g -> g.snapshot().ticksNotLeader()).sum();
        assertEquals(80, led + skipped);
        assertEquals(1, gateways.stream().filter(g -> g.snapshot().ticksAsLeader() > 0).count(),
                "the first gateway to lead keeps leading");
        assertEquals(1, gateways.stream().filter(g -> g.snapshot().leader()).count());
    }
}
