package io.pgvs3.bench.sol;

import io.pgvs3.bench.targets.SqlTarget;
import java.sql.Connection;
import java.sql.SQLException;
import java.util.List;

/**
 * One trial of the PostgreSQL floors: the write floor (one binary COPY of the body's rows into the copy
 * of the chunks table, which keeps the earlier trials' rows as the gateway's keeps its objects), the
 * first read right after it (row-range SELECT, one connection, as the first GET after a PUT), then every
 * read variant on 1 and 8 connections for the whole body and for the middle range.
 */
final class PostgresSequence implements AutoCloseable {
    static final int[] CONNECTIONS = {1, 8};

    private final SqlTarget db;
    private final Connection writer;
    private final List<RowReads> reads;
    private long fileId;

    PostgresSequence(SqlTarget db) throws SQLException {
        this.db = db;
        ChunkTable.create(db);
        this.writer = ChunkTable.connect(db);
        this.reads = List.of(new RowReads(db, CONNECTIONS[0]), new RowReads(db, CONNECTIONS[1]));
    }

    void trial(SolCase c, int trial, SolResults results) throws Exception {
        // every trial's rows stay, as the gateway keeps every object: an emptied table gave the floor's
        // COPY a state of the database the gateway's never meets (ADR 40)
        long file = ++fileId;
        long size = c.body().length();
        results.write(db, c.name("put"), "COPY_IN", size, 1, trial,
                shot(() -> ChunkTable.copyIn(writer, file, c.body())));
        RowReads one = reads.get(0);
        results.write(db, c.name("get-first"), ReadVariant.SELECT.name(), size, 1, trial,
                shot(() -> one.read(ReadVariant.SELECT, file, 0, size)));
        for (RowReads r : reads) {
            for (ReadVariant v : ReadVariant.values()) {
                results.write(db, c.name("get"), v.name(), size, r.connections(), trial,
                        shot(() -> r.read(v, file, 0, size)));
                results.write(db, c.rangeName(), v.name(), c.rangeLength(), r.connections(), trial,
                        shot(() -> r.read(v, file, c.rangeFirst(), c.rangeLength())));
            }
        }
    }

    private Shot shot(Shot.Call call) {
        return Shot.measure(db.serverCpu(), db.dbCpu(), call);
    }

    @Override
    public void close() throws SQLException {
        reads.forEach(RowReads::close);
        writer.close();
    }
}
