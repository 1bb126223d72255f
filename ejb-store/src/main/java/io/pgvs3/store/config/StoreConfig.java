package io.pgvs3.store.config;

import io.pgvs3.settings.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * The store's settings. {@code pgvs3.db.url} is the server.xml variable the DataSources use, read here
 * so that the transport rule is checked before the first connection is opened. A value that does not
 * parse stops the application with a message naming its key and value.
 */
@ApplicationScoped
public class StoreConfig {

    private static final Logger LOG = Logger.getLogger(StoreConfig.class.getName());

    @Inject
    Config config;

    private String dbUrl;
    private String dbUser;
    private String dbPassword;
    private boolean allowPlaintext;
    private int mainPoolMax;
    private int chunkPoolMax;
    private int mainKeptReads;
    private int readWindowThreads;
    private long readWindowBytes;
    private long readCacheBytes;
    private int lookupQueries;
    private int pieceQueries;
    private int inlineTransactions;
    private int connectTimeoutSeconds;
    private int mainSocketTimeoutSeconds;
    private int chunkSocketTimeoutSeconds;
    private int lockTimeoutSeconds;
    private boolean readOnly;
    private Duration maxReplicationLag;
    private OriginSettings origin;

    @PostConstruct
    void init() {
        Settings settings = Settings.of(config);
        dbUrl = settings.text("pgvs3.db.url", "jdbc:postgresql://127.0.0.1:5432/postgres");
        dbUser = settings.text("pgvs3.db.user", "postgres");
        // as given, like the DataSources take it (a password may begin or end with a space)
        dbPassword = config.getOptionalValue("pgvs3.db.password", String.class).orElse("");
        allowPlaintext = settings.flag("pgvs3.db.allow-plaintext", false);
        mainPoolMax = settings.integer("pgvs3.db.main.pool.max", 20);
        chunkPoolMax = settings.integer("pgvs3.db.chunk.pool.max", 16);
        mainKeptReads = settings.integer("pgvs3.db.main.kept-reads", 8);
        settings.require(mainKeptReads >= 0 && mainKeptReads < mainPoolMax,
                "pgvs3.db.main.kept-reads must be at least 0 and below pgvs3.db.main.pool.max");
        connectTimeoutSeconds = settings.integer("pgvs3.db.connect-timeout", 5);
        lockTimeoutSeconds = settings.integer("pgvs3.db.lock-timeout", 2);
        mainSocketTimeoutSeconds = settings.integer("pgvs3.db.main.socket-timeout", 10);
        chunkSocketTimeoutSeconds = settings.integer("pgvs3.db.chunk.socket-timeout", 20);
        readWindowThreads = settings.integer("pgvs3.read.window.threads", 8);
        readWindowBytes = settings.number("pgvs3.read.window.bytes", 0);
        readCacheBytes = settings.number("pgvs3.read.cache.bytes", 0);
        lookupQueries = settings.integer("pgvs3.read.lookup-queries", 1);
        settings.require(lookupQueries >= 0, "pgvs3.read.lookup-queries must be 0 or more");
        pieceQueries = settings.integer("pgvs3.read.piece-queries", 1);
        settings.require(pieceQueries >= 0, "pgvs3.read.piece-queries must be 0 or more");
        inlineTransactions = settings.integer("pgvs3.write.inline-transactions", 2);
        settings.require(inlineTransactions >= 0, "pgvs3.write.inline-transactions must be 0 or more");
        readOnly = settings.flag("pgvs3.read-only", false);
        maxReplicationLag = settings.duration("pgvs3.read-only.max-lag", Duration.ofSeconds(30));
        origin = OriginSettings.of(settings);
        settings.check(LOG);
    }

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

    /** Main-pool sessions kept between autocommit reads, out of {@link #mainPoolMax} (docs/adr/0067). */
    public int mainKeptReads() {
        return mainKeptReads;
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

    /**
     * Seconds the main pool waits for a silent database (server.xml uses the same variable); also how long
     * a COPY's write on the main pool (a large RESP value) may block before the COPY watchdog aborts it.
     */
    public int mainSocketTimeoutSeconds() {
        return mainSocketTimeoutSeconds;
    }

    /**
     * Seconds the chunk pool waits for a silent database (server.xml uses the same variable); also how long
     * a COPY's write on the chunk pool (an upload) may block before the COPY watchdog aborts its session.
     */
    public int chunkSocketTimeoutSeconds() {
        return chunkSocketTimeoutSeconds;
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

    /** Lookups of object rows by key in flight at once, the others sharing the next query; 0: each alone (docs/adr/0070). */
    public int lookupQueries() {
        return lookupQueries;
    }

    /** Queries of short pieces (a range GET's rows) in flight at once; 0: each alone (docs/adr/0075). */
    public int pieceQueries() {
        return pieceQueries;
    }

    /** Transactions of small PUTs in flight at once, the others sharing the next commit; 0: each alone (docs/adr/0071). */
    public int inlineTransactions() {
        return inlineTransactions;
    }

    /** The gateway serves reads only, e.g. from a PostgreSQL standby (docs/adr/0035). */
    public boolean readOnly() {
        return readOnly;
    }

    /** Readiness is DOWN while the database replays further behind than this (standbys only). */
    public Duration maxReplicationLag() {
        return maxReplicationLag;
    }

    /** How this gateway reaches the origins of origin-backed buckets. */
    public OriginSettings origin() {
        return origin;
    }

    /** A server variable by name, e.g. an origin credential set's key. */
    public Optional<String> variable(String name) {
        return config.getOptionalValue(name, String.class);
    }
}
