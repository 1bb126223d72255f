package io.pgvs3.bench.targets;

import io.pgvs3.bench.load.CpuProbe;

/**
 * The PostgreSQL database the gateway uses, reached directly over PgJDBC for the floor.
 *
 * @param name     result name
 * @param jdbcUrl  the gateway's JDBC URL
 * @param user     database user
 * @param password database password (omitted by {@link #toString()})
 * @param dbPid    the postmaster's pid (0 when unknown)
 * @param build    what runs there, e.g. "PostgreSQL 18.1"
 */
public record SqlTarget(String name, String jdbcUrl, String user, String password, long dbPid, String build)
        implements Target {
    @Override
    public Role role() {
        return Role.FLOOR;
    }

    /** The floor's server is PostgreSQL itself, so its server CPU is the database's. */
    @Override
    public CpuProbe serverCpu() {
        return CpuProbe.tree(dbPid);
    }

    @Override
    public CpuProbe dbCpu() {
        return CpuProbe.tree(dbPid);
    }

    @Override
    public String toString() {
        return "SqlTarget[" + name + ", " + jdbcUrl + ", " + user + "]";
    }
}
