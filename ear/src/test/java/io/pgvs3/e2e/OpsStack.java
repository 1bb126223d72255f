package io.pgvs3.e2e;

import java.io.IOException;
import java.net.Inet4Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.NetworkInterface;
import java.net.SocketException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.util.Collections;
import java.util.Map;
import java.util.Optional;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A second stack, one gateway, for tests that change how a gateway runs or break its database, so the
 * shared {@link Stack} is never disturbed: S3 bound to every address, HTTPS on with a keystore made here
 * (its password read by Liberty from a variables directory, as a mounted Kubernetes secret would be),
 * at most {@value #MAX_STREAMS} concurrent upload streams and {@value #MAX_DOWNLOADS_PER_CLIENT} downloads per
 * client, TLS on the RESP port with the same keystore, the access log on, and a client silent within a request
 * dropped after {@value #READ_TIMEOUT_SECONDS} s.
 */
public final class OpsStack implements BeforeAllCallback, AutoCloseable {

    static final int MAX_STREAMS = 2;
    /** Streamed downloads one client address may have in progress (LimitsIT). */
    static final int MAX_DOWNLOADS_PER_CLIENT = 3;

    /**
     * pgvs3.http.read-timeout: LogHygieneIT waits it out once; long enough that LimitsIT's stalled uploads,
     * held while a few requests run, are never dropped.
     */
    static final int READ_TIMEOUT_SECONDS = 30;

    private static final int SHIFT = 50;
    private static volatile StackScript script;
    private static volatile TestTls tls;
    private static volatile Optional<InetAddress> remote;

    @Override
    public void beforeAll(ExtensionContext context) throws Exception {
        synchronized (OpsStack.class) {
            if (script == null) {
                script = start();
                context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(OpsStack.class.getName(), this);
            }
        }
    }

    private static StackScript start() throws IOException, InterruptedException {
        remote = nonLoopbackAddress();
        StackScript probe = new StackScript("stack-ops", SHIFT, 1, Map.of());
        Path secrets = probe.stateDir().resolveSibling("stack-ops-secrets");
        tls = TestTls.generate(secrets, remote.stream().toList());
        Path variables = secrets.resolve("variables");
        Files.createDirectories(variables);
        Files.writeString(variables.resolve("pgvs3.tls.keystore.password"), tls.password());
        String serverVariables = probe.stateDir().resolve("gw1/servers/pgvs3/variables").toString();
        StackScript started = new StackScript("stack-ops", SHIFT, 1, Map.of(
                "PGVS3_S3_HOST", "*",
                "PGVS3_S3_HTTPS_PORT", String.valueOf(probe.port(28024)),
                "PGVS3_TLS_KEYSTORE", tls.keystore().toString(),
                "VARIABLE_SOURCE_DIRS", variables + java.io.File.pathSeparator + serverVariables,
                "PGVS3_S3_MAX_CONCURRENT_STREAMS", String.valueOf(MAX_STREAMS),
                "PGVS3_S3_MAX_DOWNLOADS_PER_CLIENT", String.valueOf(MAX_DOWNLOADS_PER_CLIENT),
                "PGVS3_RESP_TLS", "true", // the RESP port with the same keystore (RespTlsIT)
                "PGVS3_S3_ACCESS_LOG", "true", // one INFO line per request (LogHygieneIT)
                "PGVS3_HTTP_READ_TIMEOUT", READ_TIMEOUT_SECONDS + "s",
                // the limit test holds every permit: excess streams should be refused after a short wait
                "PGVS3_S3_STREAM_ADMISSION_WAIT", "PT0.2S"));
        started.startFresh();
        return started;
    }

    @Override
    public void close() throws Exception {
        script.down();
    }

    static StackScript script() {
        return script;
    }

    static URI s3Endpoint() {
        return URI.create(script.get("PGVS3_S3_ENDPOINT"));
    }

    static URI httpsEndpoint(String host) {
        return URI.create("https://" + host + ":" + script.port(28024));
    }

    static URI adminEndpoint() {
        return URI.create(script.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[0]);
    }

    static String accessKey() {
        return script.get("PGVS3_ACCESS_KEY");
    }

    public static String secretKey() {
        return script.get("PGVS3_SECRET_KEY");
    }

    /** The gateway's RESP port, which speaks TLS here. */
    public static InetSocketAddress respAddress() {
        return new InetSocketAddress("127.0.0.1", script.port(26380));
    }

    /** A TLS context that trusts this stack's generated certificate. */
    public static SSLContext trustingTls() throws IOException, GeneralSecurityException {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tls.trustManagers(), null);
        return context;
    }

    /** The stack's certificate as a PEM file (redis-cli --cacert). */
    public static Path certificatePem() throws IOException, GeneralSecurityException {
        return tls.certificatePem();
    }

    static TestTls tls() {
        return tls;
    }

    /** An address of this host that is not loopback, when it has one. */
    static Optional<InetAddress> remoteAddress() {
        return remote;
    }

    private static Optional<InetAddress> nonLoopbackAddress() throws SocketException {
        for (NetworkInterface nic : Collections.list(NetworkInterface.getNetworkInterfaces())) {
            if (!nic.isUp() || nic.isLoopback()) {
                continue;
            }
            for (InetAddress address : Collections.list(nic.getInetAddresses())) {
                if (address instanceof Inet4Address && !address.isLoopbackAddress() && !address.isLinkLocalAddress()) {
                    return Optional.of(address);
                }
            }
        }
        return Optional.empty();
    }
}
