package io.pgvs3.s3.config;

import io.pgvs3.settings.Secrets;
import io.pgvs3.settings.Settings;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.Config;

/**
 * The S3 module's settings (MicroProfile Config; environment aliases such as PGVS3_ACCESS_KEY apply,
 * and server.xml variables such as pgvs3.s3.host are visible too). There is no default secret: without
 * credentials every request is refused and readiness is down. Secret files are read once, at startup.
 * A value that does not parse stops the application with a message naming its key and value.
 */
@ApplicationScoped
public class S3Config {

    private static final Logger LOG = Logger.getLogger(S3Config.class.getName());

    @Inject
    Config config;

    private Duration maxClockSkew;
    private String region;
    private List<String> domains;
    private int maxConcurrentStreams;
    private Duration streamAdmissionWait;
    private Duration copyKeepAliveAfter;
    private Duration copyKeepAliveInterval;
    private int maxDownloadsPerClient;
    private int maxHeaderBytes;
    private int maxHeaders;
    private boolean readOnly;
    /** One INFO line per request on the logger io.pgvs3.s3.access (docs/operations.md, "Access log"). */
    private boolean accessLog;
    private boolean allowPlaintext;
    private String s3Host;
    private int s3Port;
    private int s3HttpsPort;

    private Optional<String> access = Optional.empty();
    private Optional<String> secret = Optional.empty();
    private String credentialsProblem;

    @PostConstruct
    void init() {
        Settings settings = Settings.of(config);
        maxClockSkew = settings.duration("pgvs3.s3.max-clock-skew", Duration.ofMinutes(15));
        region = settings.text("pgvs3.s3.region", "us-east-1");
        domains = settings.list("pgvs3.s3.domains");
        maxConcurrentStreams = settings.integer("pgvs3.s3.max-concurrent-streams", 16);
        streamAdmissionWait = settings.duration("pgvs3.s3.stream-admission-wait", Duration.ofSeconds(5));
        copyKeepAliveAfter = settings.duration("pgvs3.s3.copy.keepalive-after", Duration.ofSeconds(2));
        copyKeepAliveInterval = settings.duration("pgvs3.s3.copy.keepalive-interval", Duration.ofSeconds(5));
        maxDownloadsPerClient = settings.integer("pgvs3.s3.max-downloads-per-client", 64);
        maxHeaderBytes = settings.integer("pgvs3.http.max-header-bytes", 16384);
        maxHeaders = settings.integer("pgvs3.http.max-headers", 100);
        readOnly = settings.flag("pgvs3.read-only", false);
        accessLog = settings.flag("pgvs3.s3.access-log", false);
        allowPlaintext = settings.flag("pgvs3.allow-plaintext", false);
        s3Host = settings.text("pgvs3.s3.host", "127.0.0.1");
        s3Port = settings.integer("pgvs3.s3.port", 8014);
        s3HttpsPort = settings.integer("pgvs3.s3.https.port", -1);
        settings.require(!streamAdmissionWait.isNegative(), "pgvs3.s3.stream-admission-wait must not be negative");
        settings.require(!copyKeepAliveAfter.isNegative(), "pgvs3.s3.copy.keepalive-after must not be negative");
        settings.require(!copyKeepAliveInterval.isNegative() && !copyKeepAliveInterval.isZero(), "pgvs3.s3.copy.keepalive-interval must be positive");
        settings.require(maxDownloadsPerClient >= 1,
                "pgvs3.s3.max-downloads-per-client must be at least 1, not " + maxDownloadsPerClient);
        settings.require(maxConcurrentStreams >= 1,
                "pgvs3.s3.max-concurrent-streams must be at least 1, not " + maxConcurrentStreams);
        settings.check(LOG);
        resolveCredentials(settings);
    }

    private void resolveCredentials(Settings settings) {
        Secrets.Resolved a = Secrets.resolve("pgvs3.access-key", settings.text("pgvs3.access-key"),
                settings.text("pgvs3.access-key-file"));
        Secrets.Resolved s = Secrets.resolve("pgvs3.secret-key", settings.text("pgvs3.secret-key"),
                settings.text("pgvs3.secret-key-file"));
        access = a.value();
        secret = s.value();
        credentialsProblem = a.problem() != null ? a.problem() : s.problem();
        if (credentialsProblem == null && (access.isEmpty() || secret.isEmpty())) {
            credentialsProblem = "no S3 credentials: set pgvs3.access-key and pgvs3.secret-key (or pgvs3.secret-key-file)";
        }
        if (credentialsProblem != null) {
            access = Optional.empty();
            secret = Optional.empty();
            LOG.severe(credentialsProblem + "; every S3 request is refused and readiness is down");
        }
    }

    public Optional<String> accessKey() {
        return access;
    }

    public Optional<String> secretKey() {
        return secret;
    }

    public boolean credentialsConfigured() {
        return credentialsProblem == null;
    }

    /** Why there are no usable credentials, or null. */
    public String credentialsProblem() {
        return credentialsProblem;
    }

    public Duration maxClockSkew() {
        return maxClockSkew;
    }

    public String region() {
        return region;
    }

    public List<String> domains() {
        return domains;
    }

    /** The longest request or header line S3 clients may send (server.xml: the channel allows more). */
    public int maxHeaderBytes() {
        return maxHeaderBytes;
    }

    /** The most header lines S3 clients may send. */
    public int maxHeaders() {
        return maxHeaders;
    }

    /**
     * Streamed GET bodies one client address may have in progress; more are answered 503 SlowDown, so a
     * client's slow downloads cannot take every response thread.
     */
    public int maxDownloadsPerClient() {
        return maxDownloadsPerClient;
    }

    /** Upload streams (PUT and UploadPart into the chunk pool) at once; more are answered 503 SlowDown. */
    public int maxConcurrentStreams() {
        return maxConcurrentStreams;
    }

    /** How long a waiting upload stream may see no upload finish before it is answered 503 SlowDown. */
    public Duration streamAdmissionWait() {
        return streamAdmissionWait;
    }

    /** How long a copy that moves bytes may run before its answer commits to 200 and is kept alive. */
    public Duration copyKeepAliveAfter() {
        return copyKeepAliveAfter;
    }

    /** How often a copy answered 200 early sends a space while it runs. */
    public Duration copyKeepAliveInterval() {
        return copyKeepAliveInterval;
    }

    /** Serve reads only and refuse every write with AccessDenied (docs/adr/0035). */
    public boolean readOnly() {
        return readOnly;
    }

    public boolean accessLog() {
        return accessLog;
    }

    /** Serve plaintext HTTP on non-loopback addresses (TLS terminated by a trusted proxy). */
    public boolean allowPlaintext() {
        return allowPlaintext;
    }

    public String s3Host() {
        return s3Host;
    }

    public int s3Port() {
        return s3Port;
    }

    public int s3HttpsPort() {
        return s3HttpsPort;
    }
}
