package io.pgvs3.store.api;

import jakarta.ejb.Local;

/**
 * String values of the RESP bridge as a container-managed bean ({@link KvOperations}), and the way to run
 * them without the container's invocation on a long-lived thread ({@link #openSession}).
 */
@Local
public interface KvStore extends KvOperations {

    /**
     * The same operations for the calling thread alone, run as plain calls: no EJB pre- and post-invoke, no
     * request scope per call (docs/adr/0050). For managed threads that call the store at a high rate for a
     * long time (the RESP workers); each thread keeps its own and closes it when it is done.
     */
    KvSession openSession();

    /**
     * A main-pool session for one client to keep between its calls (see {@link KvSession#runOn}); it holds
     * nothing until first used. Each one held is a connection fewer for everybody else until it is closed.
     */
    HeldSession holdSession();
}
