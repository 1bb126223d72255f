package io.pgvs3.s3.config;

import io.pgvs3.store.api.secret.Secrets;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.logging.Logger;
import org.eclipse.microprofile.config.inject.ConfigProperty;

/**
 * The S3 module's settings (MicroProfile Config; environment aliases such as PGVS3_ACCESS_KEY apply,
 * and server.xml variables such as pgvs3.s3.host are visible too). There is no default secret: without
 * credentials every request is refused and readiness is down. Secret files are read once, at startup.
 */
@ApplicationScoped
public class S3Config {

    private static final Logger LOG = Logger.getLogger(S3Config.class.getName());

    @Inject
    @ConfigProperty(name = "pgvs3.access-key")
    Optional<String> accessKey;

    @Inject
    @ConfigProperty(name = "pgvs3.access-key-file")
    Optional<String> accessKeyFile;

    @Inject
    @ConfigProperty(name = "pgvs3.secret-key")
    Optional<String> secretKey;

    @Inject
    @ConfigProperty(name = "pgvs3.secret-key-file")
    Optional<String> secretKeyFile;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.max-clock-skew", defaultValue = "PT15M")
    Duration maxClockSkew;

    /** The region this gateway is: requests must be signed for it, and buckets report it. */
    @Inject
    @ConfigProperty(name = "pgvs3.s3.region", defaultValue = "us-east-1")
    String region;

    /** Domains for virtual-hosted-style requests ({@code bucket.<domain>}); empty: path style only. */
    @Inject
    @ConfigProperty(name = "pgvs3.s3.domains")
    Optional<List<String>> domains;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.max-concurrent-streams", defaultValue = "16")
    int maxConcurrentStreams;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.stream-admission-wait", defaultValue = "PT5S")
    Duration streamAdmissionWait;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.copy.keepalive-after", defaultValue = "PT2S")
    Duration copyKeepAliveAfter;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.copy.keepalive-interval", defaultValue = "PT5S")
    Duration copyKeepAliveInterval;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.max-downloads-per-client", defaultValue = "64")
    int maxDownloadsPerClient;

    @Inject
    @ConfigProperty(name = "pgvs3.read-only", defaultValue = "false")
    boolean readOnly;

    @Inject
    @ConfigProperty(name = "pgvs3.allow-plaintext", defaultValue = "false")
    boolean allowPlaintext;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.host", defaultValue = "127.0.0.1")
    String s3Host;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.port", defaultValue = "8014")
    int s3Port;

    @Inject
    @ConfigProperty(name = "pgvs3.s3.https.port", defaultValue = "-1")
    int s3HttpsPort;

    /** One INFO line per request on the logger io.pgvs3.s3.access (docs/operations.md, "Access log"). */
    @Inject
    @ConfigProperty(name = "pgvs3.s3.access-log", defaultValue = "false")
    boolean accessLog;

    private Optional<String> access = Optional.empty();
    private Optional<String> secret = Optional.empty();
    private String credentialsProblem;

    @PostConstruct
    void init() {
        Secrets.Resolved a = Secrets.resolve("pgvs3.access-key", accessKey, accessKeyFile);
        Secrets.Resolved s = Secrets.resolve("pgvs3.secret-key", secretKey, secretKeyFile);
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
        if (streamAdmissionWait.isNegative()) {
            throw new IllegalArgumentException("pgvs3.s3.stream-admission-wait must not be negative");
        }
        if (copyKeepAliveAfter.isNegative()) {
            throw new IllegalArgumentException("pgvs3.s3.copy.keepalive-after must not be negative");
        }
        if (copyKeepAliveInterval.isNegative() || copyKeepAliveInterval.isZero()) {
            throw new IllegalArgumentException("pgvs3.s3.copy.keepalive-interval must be positive");
        }
        if (maxDownloadsPerClient < 1) {
            throw new IllegalArgumentException("pgvs3.s3.max-downloads-per-client must be at least 1, not "
                    + maxDownloadsPerClient);
        }
        if (maxConcurrentStreams < 1) {
            throw new IllegalArgumentException("pgvs3.s3.max-concurrent-streams must be at least 1, not "
                    + maxConcurrentStreams);
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
        return domains.orElse(List.of());
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

    /** How long a body stream waits for a permit before it is answered 503 SlowDown. */
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

    /** Serve plaintext HTTP on non-loopback addresses (TLS terminated by a trusted proxy). */
    public boolean accessLog() {
        return accessLog;
    }

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
