package io.pgvs3.store.ejb;

import io.pgvs3.store.api.StoreHealth;
import io.pgvs3.store.api.StoreReadiness;
import io.pgvs3.store.health.BoundedCheck;
import io.pgvs3.store.layout.LayoutManager;
import io.pgvs3.store.layout.LayoutRefusedException;
import jakarta.annotation.PostConstruct;
import jakarta.annotation.Resource;
import jakarta.ejb.ConcurrencyManagement;
import jakarta.ejb.ConcurrencyManagementType;
import jakarta.ejb.EJB;
import jakarta.ejb.Singleton;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.enterprise.concurrent.ManagedExecutorService;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Ready = the layout was verified, the main pool hands out a connection on which the layout version is
 * still right, and the chunk pool hands out a connection that answers. Each probe asks both pools at
 * once, each on a worker, and waits at most {@link #PROBE_WAIT} for them: a hung database makes readiness
 * DOWN within the probe's 2 s timeout instead of hanging it (docs/adr/0033). A change between ready and
 * not ready is logged once, with the first problem; a problem that changes its words while the store
 * stays not ready (an outage seen first as a timeout, then as a refused connection) is not news.
 */
@Singleton
@ConcurrencyManagement(ConcurrencyManagementType.BEAN)
@TransactionManagement(TransactionManagementType.BEAN)
public class StoreHealthBean implements StoreHealth {

    private static final Logger LOG = Logger.getLogger(StoreHealthBean.class.getName());
    /** Under the 2 s timeout docs/operations.md gives the probes, with room for the rest of the answer. */
    static final Duration PROBE_WAIT = Duration.ofMillis(1500);
    private static final int VALID_SECONDS = 2;

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunk;

    @Resource
    private ManagedExecutorService workers;

    @EJB
    private LayoutBean layout;

    /** Null before the first probe. */
    private volatile Boolean lastReady;
    private BoundedCheck<MainOutcome> mainCheck;
    private BoundedCheck<String> chunkCheck;

    /** What the main pool's connection said: its own problem and the layout's, each null when fine. */
    private record MainOutcome(String pool, String layout) {
    }

    @PostConstruct
    void start() {
        String late = " did not answer within " + PROBE_WAIT.toMillis() + " ms: ";
        mainCheck = new BoundedCheck<>(this::checkMain, workers, why -> new MainOutcome("the main pool" + late + why, null));
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
                LOG.info("store ready: both pools answer and the layout version is right");
            } else {
                LOG.warning("store not ready: " + problem);
            }
        }
        return readiness;
    }

    private StoreReadiness probe() {
        if (layout.gate().refused()) {
            return new StoreReadiness(false, false, false, layout.gate().failure());
        }
        long deadline = System.nanoTime() + PROBE_WAIT.toNanos();
        BoundedCheck<MainOutcome>.Pending mainRun = mainCheck.begin();
        BoundedCheck<String>.Pending chunkRun = chunkCheck.begin();
        MainOutcome mainOutcome = mainRun.await(PROBE_WAIT);
        String chunkProblem = chunkRun.await(Duration.ofNanos(Math.max(0, deadline - System.nanoTime())));
        String layoutProblem = layout.gate().verified() ? mainOutcome.layout()
                : "storage layout not verified: " + layout.gate().failure();
        String mainProblem = mainOutcome.pool();
        String problem = mainProblem != null ? mainProblem : chunkProblem != null ? chunkProblem : layoutProblem;
        return new StoreReadiness(layoutProblem == null && mainProblem == null, mainProblem == null,
                chunkProblem == null, problem);
    }

    private MainOutcome checkMain() {
        try (Connection c = main.getConnection()) {
            if (!layout.gate().verified()) {
                return new MainOutcome(answers(c, "main"), null);
            }
            LayoutManager.verifyVersion(c, VALID_SECONDS);
            return new MainOutcome(null, null);
        } catch (LayoutRefusedException e) {
            return new MainOutcome(null, e.getMessage());
        } catch (SQLException e) {
            return new MainOutcome(broken("main", e), null);
        }
    }

    private String checkChunk() {
        try (Connection c = chunk.getConnection()) {
            return answers(c, "chunk");
        } catch (SQLException e) {
            return broken("chunk", e);
        }
    }

    private static String answers(Connection c, String pool) throws SQLException {
        return c.isValid(VALID_SECONDS) ? null
                : "the " + pool + " pool's connection did not answer within " + VALID_SECONDS + " s";
    }

    private static String broken(String pool, SQLException e) {
        return "the " + pool + " pool has no working connection: " + e.getMessage();
    }
}
