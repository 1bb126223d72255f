package io.pgvs3.devdb;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.Optional;
import java.util.Properties;

/**
 * Watches a durable start for the one failure that zonky cannot tell from a slow start: a server that is
 * up but refuses the password (28P01: the data directory was set up with another one). zonky logs in
 * again and again until its startup wait ends, which is sized for crash recovery (110 s). This watch logs
 * in beside it and, at the first refusal, interrupts the starting thread: zonky's wait ends at an
 * interrupt, so the caller can report the refusal at once instead of after the whole wait.
 */
final class PasswordRefusalWatch implements AutoCloseable {

    private static final String INVALID_PASSWORD = "28P01";
    private static final long INTERVAL_MILLIS = 200;
    private static final String LOGIN_TIMEOUT_SECONDS = "2";

    /** No watch: a new data directory, whose password is the one given. */
    static final PasswordRefusalWatch NONE = new PasswordRefusalWatch();

    private final Thread starter;
    private final Thread watcher;
    private volatile SQLException refusal;
    private volatile boolean closed;

    private PasswordRefusalWatch() {
        starter = null;
        watcher = null;
    }

    private PasswordRefusalWatch(int port, String password) {
        starter = Thread.currentThread();
        Properties login = new Properties();
        login.setProperty("user", EmbeddedPostgresServer.USER);
        login.setProperty("password", password);
        login.setProperty("connectTimeout", LOGIN_TIMEOUT_SECONDS);
        login.setProperty("loginTimeout", LOGIN_TIMEOUT_SECONDS);
        login.setProperty("socketTimeout", LOGIN_TIMEOUT_SECONDS);
        String url = "jdbc:postgresql://127.0.0.1:" + port + "/postgres";
        watcher = new Thread(() -> watch(url, login), "pgvs3-password-refusal-watch");
        watcher.setDaemon(true);
        watcher.start();
    }

    /** Starts watching the server that is starting on {@code port}, from the calling (starting) thread. */
    static PasswordRefusalWatch start(int port, String password) {
        return new PasswordRefusalWatch(port, password);
    }

    private void watch(String url, Properties login) {
        while (!closed) {
            try (Connection accepted = DriverManager.getConnection(url, login)) {
                return; // the password is right: zonky's own login will succeed as well
            } catch (SQLException e) {
                if (INVALID_PASSWORD.equals(e.getSQLState())) {
                    refusal = e;
                    starter.interrupt();
                    return;
                }
                // not up yet (refused connection, 57P03 while recovering): try again
            }
            try {
                Thread.sleep(INTERVAL_MILLIS);
            } catch (InterruptedException e) {
                return; // closed
            }
        }
    }

    /** The server's refusal of the password, if the watch saw one. */
    Optional<SQLException> refusal() {
        return Optional.ofNullable(refusal);
    }

    /** Stops watching; clears the interrupt the watch gave the starting thread, if it gave one. */
    @Override
    public void close() {
        if (watcher == null) {
            return;
        }
        closed = true;
        watcher.interrupt();
        boolean interrupted = false;
        while (watcher.isAlive()) {
            try {
                watcher.join();
            } catch (InterruptedException e) {
                interrupted = true; // the watch's own interrupt, or the caller's: decided below
            }
        }
        if (refusal != null) {
            Thread.interrupted(); // ours, not the caller's
        } else if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
