package io.pgvs3.store.ejb;

import io.pgvs3.store.api.ReplicationLag;
import io.pgvs3.store.api.StoreHealth;
import io.pgvs3.store.api.StoreReadiness;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.config.StoreConfig;
import io.pgvs3.store.layout.LayoutManager;
import io.pgvs3.store.layout.LayoutRefusedException;
import io.pgvs3.store.replication.ReplicationQuery;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import jakarta.inject.Inject;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Duration;
import java.util.Locale;
import java.util.Objects;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * Ready = the layout was verified, the main pool hands out a connection on which the layout version is
 * still right, the chunk pool hands out a connection that answers, and a standby's replay is within
 * {@code pgvs3.read-only.max-lag}. Each probe asks the pools anew; a change of the outcome is logged once,
 * not every probe.
 */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class StoreHealthBean implements StoreHealth {

    private static final Logger LOG = Logger.getLogger(StoreHealthBean.class.getName());
    private static final int TIMEOUT_SECONDS = 2;

    private static volatile String lastProblem;

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunk;

    @EJB
    private LayoutBean layout;

    @Inject
    private StoreConfig config;

    @Override
    public boolean layoutVerified() {
        return layout.gate().verified();
    }

    @Override
    public StoreReadiness readiness() {
        StoreReadiness readiness = probe();
        String problem = readiness.problem();
        if (!Objects.equals(problem, lastProblem)) {
            lastProblem = problem;
            if (problem == null) {
                LOG.info("store ready: both pools answer, the layout version is right"
                        + (readiness.replication() == null ? "" : " and replay is within pgvs3.read-only.max-lag"));
            } else {
                LOG.warning("store not ready: " + problem);
            }
        }
        return readiness;
    }

    private StoreReadiness probe() {
        boolean verified = layout.gate().verified();
        if (layout.gate().refused()) {
            return new StoreReadiness(false, false, false, null, true, layout.gate().failure());
        }
        String layoutProblem = verified ? null : "storage layout not verified: " + layout.gate().failure();
        String mainProblem = null;
        ReplicationLag replication = null;
        try (Connection c = main.getConnection()) {
            if (verified) {
                LayoutManager.verifyVersion(c, TIMEOUT_SECONDS);
            } else {
                mainProblem = answers(c, "main");
            }
            replication = ReplicationQuery.lag(c, TIMEOUT_SECONDS);
        } catch (LayoutRefusedException e) {
            layoutProblem = e.getMessage();
        } catch (SQLException e) {
            mainProblem = broken("main", e);
        }
        String chunkProblem;
        try (Connection c = chunk.getConnection()) {
            chunkProblem = answers(c, "chunk");
        } catch (SQLException e) {
            chunkProblem = broken("chunk", e);
        }
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

    @Override
    public ReplicationLag replication() {
        try (Connection c = main.getConnection()) {
            return ReplicationQuery.lag(c, TIMEOUT_SECONDS);
        } catch (SQLException e) {
            throw new StoreException(StoreError.UNAVAILABLE, "the replication lag query failed: " + e.getMessage(), e);
        }
    }

    private static String answers(Connection c, String pool) throws SQLException {
        return c.isValid(TIMEOUT_SECONDS) ? null
                : "the " + pool + " pool's connection did not answer within " + TIMEOUT_SECONDS + " s";
    }

    private static String broken(String pool, SQLException e) {
        return "the " + pool + " pool has no working connection: " + e.getMessage();
    }
}
