package io.pgvs3.resp.command;

import io.pgvs3.store.api.HeldSession;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What a connection remembers between commands: id, database, authentication, name. Touched by its
 * connection's thread only, except what CLIENT INFO/LIST of other connections read (volatile).
 */
public final class Session {

    private static final AtomicLong IDS = new AtomicLong();

    private final long id = IDS.incrementAndGet();
    private final String remote;
    private final String local;
    private final long createdMillis = System.currentTimeMillis();
    private volatile int db;
    private volatile boolean authenticated;
    private volatile String name = "";
    private volatile String lastCommand = "NULL";
    private volatile long lastActivityMillis = createdMillis;
    private boolean closing;
    /** Guarded by this: the main-pool session kept between commands ({@link HeldSessions}), and whether it may take one. */
    HeldSession held;
    boolean ended;

    public Session(String remote, String local, boolean authenticated) {
        this.remote = remote;
        this.local = local;
        this.authenticated = authenticated;
    }

    public long id() {
        return id;
    }

    public int db() {
        return db;
    }

    public void select(int database) {
        db = database;
    }

    public boolean authenticated() {
        return authenticated;
    }

    public void authenticated(boolean value) {
        authenticated = value;
    }

    public String name() {
        return name;
    }

    public void name(String value) {
        name = value;
    }

    /** Close the connection once the replies so far are written (QUIT). */
    public void close() {
        closing = true;
    }

    /** Whether the client keeps a store session between its commands now ({@link HeldSessions}). */
    public synchronized boolean keepsStoreSession() {
        return held != null;
    }

    public boolean closing() {
        return closing;
    }

    public void touched(String command) {
        lastCommand = command;
        lastActivityMillis = System.currentTimeMillis();
    }

    /** One CLIENT INFO / CLIENT LIST line, in Redis' field order for the fields the bridge has. */
    public String info(long now) {
        return "id=" + id + " addr=" + remote + " laddr=" + local + " fd=-1 name=" + name
                + " age=" + (now - createdMillis) / 1000 + " idle=" + (now - lastActivityMillis) / 1000
                + " flags=N db=" + db + " sub=0 psub=0 ssub=0 multi=-1 cmd=" + lastCommand
                + " user=default redir=-1 resp=2\n";
    }
}
