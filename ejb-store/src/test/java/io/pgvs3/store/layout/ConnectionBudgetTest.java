package io.pgvs3.store.layout;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ConnectionBudgetTest {

    @Test
    void defaultPoolsOnADefaultPostgresFitTwoGateways() {
        ConnectionBudget budget = new ConnectionBudget(20, 16, 100, 3, 0);
        assertEquals(38, budget.perGateway(), "both pools, the read-pin guard and the maintenance leader");
        assertEquals(97, budget.available());
        assertFalse(budget.exceeded());
        assertEquals(2, budget.gatewaysThatFit());
        assertTrue(budget.message().startsWith("connection budget: this gateway's pools may open 38 connections"),
                budget.message());
        assertTrue(budget.message().contains("at most 2 such gateways"), budget.message());
    }

    @Test
    void poolsBeyondWhatOrdinaryRolesMayOpenAreExceeded() {
        ConnectionBudget budget = new ConnectionBudget(60, 40, 100, 3, 0);
        assertTrue(budget.exceeded());
        assertEquals(0, budget.gatewaysThatFit());
        assertTrue(budget.message().startsWith("connection budget exceeded:"), budget.message());
        assertTrue(budget.message().contains("max_connections 100"), budget.message());
    }

    @Test
    void reservedConnectionsCountAgainstTheBudget() {
        // PostgreSQL 16+: reserved_connections are kept for pg_use_reserved_connections roles
        assertEquals(87, new ConnectionBudget(20, 16, 100, 3, 10).available());
        // 50 + 46 + the read-pin guard's and the maintenance leader's sessions: 98 of 97
        assertTrue(new ConnectionBudget(50, 46, 100, 3, 0).exceeded());
        assertFalse(new ConnectionBudget(50, 45, 100, 3, 0).exceeded());
    }
}
