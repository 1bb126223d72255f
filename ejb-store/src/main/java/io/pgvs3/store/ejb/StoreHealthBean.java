package io.pgvs3.store.ejb;

import io.pgvs3.store.api.StoreHealth;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.ejb.Stateless;
import jakarta.ejb.TransactionManagement;
import jakarta.ejb.TransactionManagementType;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/** Ready = the layout was verified and a pooled connection of each DataSource answers. */
@Stateless
@TransactionManagement(TransactionManagementType.BEAN)
public class StoreHealthBean implements StoreHealth {

    private static final Logger LOG = Logger.getLogger(StoreHealthBean.class.getName());
    private static final int VALID_TIMEOUT_SECONDS = 2;

    @Resource(lookup = "jdbc/pgvs3/main")
    private DataSource main;

    @Resource(lookup = "jdbc/pgvs3/chunk")
    private DataSource chunk;

    @EJB
    private LayoutBean layout;

    @Override
    public boolean layoutVerified() {
        return layout.verified();
    }

    @Override
    public boolean ready() {
        return layout.verified() && answers(main, "main") && answers(chunk, "chunk");
    }

    private static boolean answers(DataSource dataSource, String name) {
        try (Connection c = dataSource.getConnection()) {
            return c.isValid(VALID_TIMEOUT_SECONDS);
        } catch (SQLException e) {
            LOG.log(Level.WARNING, "the " + name + " pool has no working connection: " + e.getMessage());
            return false;
        }
    }
}
