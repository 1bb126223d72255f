package io.pgvs3.store.ejb;

import io.pgvs3.store.api.ReplicationLag;
import io.pgvs3.store.api.StoreHealth;
import io.pgvs3.store.api.StoreReadiness;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.health.BoundedCheck;
import io.pgvs3.store.layout.LayoutManager;
import io.pgvs3.store.layout.LayoutRefusedException;
import io.pgvs3.store.replication.ReplicationQuery;
import io.pgvs3.store.sql.ReadRetry;
import io.pgvs3.store.sql.SessionAnswers;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Ready = the layout was verified, the main pool hands out a connection on which the layout version is
 * still right, the chunk pool hands out a connection that answers, a standby's replay is within
 * {@code pgvs3.read-only.max-lag}, and the database breaker is closed. Each probe asks both pools at
 * once, each on a worker, and waits at most {@link #PROBE_WAIT} for them: a hung database makes
 * readiness DOWN within the probe's 2 s timeout instead of hanging it (docs/adr/0033). A change between
 * ready and not ready is logged once, with the first problem; a problem that changes its words while the
 * store stays not ready (an outage seen first as a timeout, then as a refused connection) is not news.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class StoreHealthBean implements StoreHealth {

    private static final Logger LOG = Logger.getLogger(StoreHealthBean.class.getName());
    /** Under the 2 s timeout docs/operations.md gives the probes, with room for the rest of the answer. */
    static final Duration PROBE_WAIT = Duration.ofMillis(1500);
    private static final int VALID_SECONDS = 2;

    @EJB
    private DatabaseBean database;

    @Resource
    private ManagedExecutorService workers;

    @EJB
    private LayoutBean layout;

    @Inject
    private StoreConfig config;

    private DataSource main;
    private DataSource chunk;

    /** Null before the first probe. */
    private volatile Boolean lastReady;
    private BoundedCheck<MainOutcome> mainCheck;
    private BoundedCheck<String> chunkCheck;

    /**
     * What the main pool's connection said: its own problem and the layout's, each null when fine, and
     * the replication lag (null on a primary, or when it could not be asked).
     */
    private record MainOutcome(String pool, String layout, ReplicationLag replication) {
    }

    @PostConstruct
    void start() {
        main = database.main();
        chunk = database.chunk();
        String late = " did not answer within " + PROBE_WAIT.toMillis() + " ms: ";
        mainCheck = new BoundedCheck<>(this::checkMain, workers,
                why -> new MainOutcome("the main pool" + late + why, null, null));
        chunkCheck = new BoundedCheck<>(this::checkChunk, workers, why -> "the chunk pool" + late + why);
    }

    @Override
    public boolean layoutVerified() {
        return layout.gate().verified();
    }

    @Override
    public StoreReadiness readiness() {
        StoreReadiness readiness = probe();
        String problem = readiness.problem();
        Boolean ready = problem == null;
        if (!ready.equals(lastReady)) {
            lastReady = ready;
            if (ready) {
                LOG.info("store ready: both pools answer, the layout version is right"
                        + (readiness.replication() == null ? "" : " and replay is within pgvs3.read-only.max-lag"));
            } else {
                LOG.warning("store not ready: " + problem);
            }
        }
        return readiness;
    }

    private StoreReadiness probe() {
        if (layout.gate().refused()) {
            return new StoreReadiness(false, false, false, null, true, layout.gate().failure());
        }
        long deadline = System.nanoTime() + PROBE_WAIT.toNanos();
        BoundedCheck<MainOutcome>.Pending mainRun = mainCheck.begin();
        BoundedCheck<String>.Pending chunkRun = chunkCheck.begin();
        MainOutcome mainOutcome = mainRun.await(PROBE_WAIT);
        String chunkProblem = chunkRun.await(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        String layoutProblem = layout.gate().verified() ? mainOutcome.layout()
                : "storage layout not verified: " + layout.gate().failure();
        String refusal = database.breaker().refusal();
        String mainProblem = refusal != null ? broken("main", refusal) : mainOutcome.pool();
        ReplicationLag replication = mainOutcome.replication();
        Duration maxLag = config.maxReplicationLag();
        boolean lagOk = replication == null || replication.within(maxLag.toMillis() / 1000.0);
        String lagProblem = lagOk ? null : String.format(Locale.ROOT,
                "the standby replays %.1f s (%d bytes) behind what it received, more than pgvs3.read-only.max-lag %s",
                replication.lagSeconds(), replication.lagBytes(), maxLag);
        String problem = mainProblem != null ? mainProblem : chunkProblem != null ? chunkProblem
                : layoutProblem != null ? layoutProblem : lagProblem;
        return new StoreReadiness(layoutProblem == null && mainProblem == null, mainProblem == null,
                chunkProblem == null, replication, lagOk, problem);
    }

    /**
     * Both pool checks run a statement rather than {@code isValid}, through {@link ReadRetry}: a session
     * that died in the pool fails it at connection level, so the pool destroys that session and the check
     * asks a fresh one, instead of reporting not ready for one dead session (and lending it again).
     */
    private MainOutcome checkMain() {
        try {
            return ReadRetry.run(main, c -> {
                String layoutProblem = null;
                if (!layout.gate().verified()) {
                    SessionAnswers.within(c, VALID_SECONDS);
                } else {
                    try {
                        LayoutManager.verifyVersion(c, VALID_SECONDS);
                    } catch (LayoutRefusedException e) {
                        layoutProblem = e.getMessage();
                    }
                }
                return new MainOutcome(null, layoutProblem, ReplicationQuery.lag(c, VALID_SECONDS));
            });
        } catch (SQLException e) {
            return new MainOutcome(broken("main", e.getMessage()), null, null);
        }
    }

    private String checkChunk() {
        try {
            ReadRetry.run(chunk, c -> {
                SessionAnswers.within(c, VALID_SECONDS);
                return null;
            });
            return null;
        } catch (SQLException e) {
            return broken("chunk", e.getMessage());
        }
    }

    @Override
    public ReplicationLag replication() {
        try {
            return ReplicationQuery.lag(main, VALID_SECONDS);
        } catch (SQLException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "the replication lag query failed: " + e.getMessage(), e);
        }
    }

    private static String broken(String pool, String why) {
        return "the " + pool + " pool has no working connection: " + why;
    }
}
