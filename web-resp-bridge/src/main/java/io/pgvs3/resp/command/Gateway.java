package io.pgvs3.resp.command;

import java.util.List;

/** What server-wide commands (INFO, CLIENT LIST) may know about the listener; the server implements it. */
public interface Gateway {

    List<Session> sessions();

    int maxClients();

    int port();

    long startedMillis();

    /** 40 hex characters, new each start, as Redis' run_id. */
    String runId();
}
