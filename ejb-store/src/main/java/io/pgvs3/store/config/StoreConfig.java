package io.pgvs3.store.config;

import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The store's settings. {@code pgvs3.db.url} is the server.xml variable the DataSources use, read here
 * so that the transport rule is checked before the first connection is opened.
 */
@ApplicationScoped
public class StoreConfig {

    @Inject
    @ConfigProperty(name = "pgvs3.db.url", defaultValue = "jdbc:postgresql://127.0.0.1:5432/postgres")
    String dbUrl;

    @Inject
    @ConfigProperty(name = "pgvs3.db.user", defaultValue = "postgres")
    String dbUser;

    @Inject
    @ConfigProperty(name = "pgvs3.db.password", defaultValue = "")
    String dbPassword;

    @Inject
    @ConfigProperty(name = "pgvs3.db.allow-plaintext", defaultValue = "false")
    boolean allowPlaintext;

    @Inject
    @ConfigProperty(name = "pgvs3.db.main.pool.max", defaultValue = "20")
    int mainPoolMax;

    @Inject
    @ConfigProperty(name = "pgvs3.db.chunk.pool.max", defaultValue = "16")
    int chunkPoolMax;

    @Inject
    @ConfigProperty(name = "pgvs3.db.connect-timeout", defaultValue = "5")
    int connectTimeoutSeconds;

    @Inject
    @ConfigProperty(name = "pgvs3.db.lock-timeout", defaultValue = "2")
    int lockTimeoutSeconds;

    @Inject
    @ConfigProperty(name = "pgvs3.read.window.threads", defaultValue = "8")
    int readWindowThreads;

    @Inject
    @ConfigProperty(name = "pgvs3.read.window.bytes", defaultValue = "0")
    long readWindowBytes;

    @Inject
    @ConfigProperty(name = "pgvs3.read.cache.bytes", defaultValue = "0")
    long readCacheBytes;

    @Inject
    @ConfigProperty(name = "pgvs3.read-only", defaultValue = "false")
    boolean readOnly;

    @Inject
    @ConfigProperty(name = "pgvs3.read-only.max-lag", defaultValue = "PT30S")
    Duration maxReplicationLag;

    public String dbUrl() {
        return dbUrl;
    }

    /** The DataSources' user and password (server.xml uses the same variables), for the read-pin guard. */
    public String dbUser() {
        return dbUser;
    }

    public String dbPassword() {
        return dbPassword;
    }

    /** Reach a remote PostgreSQL without verified TLS (a private network the operator vouches for). */
    public boolean allowPlaintext() {
        return allowPlaintext;
    }

    /** The main pool's maxPoolSize (server.xml uses the same variable). */
    public int mainPoolMax() {
        return mainPoolMax;
    }

    /** The chunk pool's maxPoolSize (server.xml uses the same variable). */
    public int chunkPoolMax() {
        return chunkPoolMax;
    }

    /**
     * Seconds a new database session may take to be up (server.xml uses the same variable for both
     * pools); the read-pin guard also waits this long for an answer, its statements being instant.
     */
    public int connectTimeoutSeconds() {
        return connectTimeoutSeconds;
    }

    /** Seconds a statement waits for a lock before the server cancels it (both pools and the guard). */
    public int lockTimeoutSeconds() {
        return lockTimeoutSeconds;
    }

    /** Piece fetches at once over all windowed reads (the readWindow executor's concurrency, server.xml). */
    public int readWindowThreads() {
        return readWindowThreads;
    }

    /**
     * Bytes fetched ahead and not yet written, over all windowed reads: the setting, or for 0 (the
     * default) an eighth of the heap, at most 128 MiB, so a small heap keeps room for the rest.
     */
    public long readWindowBytes() {
        return readWindowBytes > 0 ? readWindowBytes : Math.min(128L << 20, Runtime.getRuntime().maxMemory() / 8);
    }

    /** The read cache's budget of decoded block bytes in the heap; 0 turns it off (docs/adr/0030). */
    public long readCacheBytes() {
        return readCacheBytes;
    }

    /** The gateway serves reads only, e.g. from a PostgreSQL standby (docs/adr/0035). */
    public boolean readOnly() {
        return readOnly;
    }

    /** Readiness is DOWN while the database replays further behind than this (standbys only). */
    public Duration maxReplicationLag() {
        return maxReplicationLag;
    }
}
