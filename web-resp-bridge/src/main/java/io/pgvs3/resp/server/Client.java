package io.pgvs3.resp.server;

import io.pgvs3.resp.command.Session;

/** An open client as the listener sees it: its session (CLIENT LIST, INFO) and a way to end it (stop). */
interface Client {

    Session session();

    /** Closes the connection soon, from any thread. */
    void close();
}
