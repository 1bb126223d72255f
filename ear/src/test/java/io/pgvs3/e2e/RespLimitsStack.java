package io.pgvs3.e2e;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import javax.net.ssl.SSLContext;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A stack of its own, one gateway, for the RESP bridge's client limits (RespLimitsIT): a test names the
 * {@code PGVS3_RESP_*} settings it needs with {@link #use}, and the gateway is restarted with them when the
 * running one has others, so the tests stay independent of their order. Nothing else runs against it.
 */
public final class RespLimitsStack implements BeforeAllCallback, AutoCloseable {

    /** 60 would put its S3 port on OpsStack's HTTPS port. */
    private static final int SHIFT = 62;
    private static final String NAME = "stack-resp-limits";
    private static StackScript script;
    private static Map<String, String> settings;
    private static TestTls tls;

    @Override
    public void beforeAll(ExtensionContext context) {
        context.getRoot().getStore(ExtensionContext.Namespace.GLOBAL).put(RespLimitsStack.class.getName(), this);
    }

    /** Returns once the gateway runs with exactly these settings (environment variables) besides the defaults. */
    public static synchronized void use(Map<String, String> wanted) throws Exception {
        if (wanted.equals(settings)) {
            return;
        }
        StackScript next = new StackScript(NAME, SHIFT, 1, wanted);
        if (script == null) {
            next.startFresh();
        } else {
            settings = null; // whatever happens next, the running gateway is not the one wanted
            ProcessHandle gateway = ProcessHandle.of(gatewayPid()).orElseThrow();
            gateway.destroy();
            gateway.onExit().get(120, TimeUnit.SECONDS);
            next.up();
        }
        script = next;
        settings = wanted;
    }

    /** {@code more} and TLS on the RESP port, with a keystore made for this stack once. */
    public static synchronized Map<String, String> withTls(Map<String, String> more) throws Exception {
        if (tls == null) {
            tls = TestTls.generate(new StackScript(NAME, SHIFT, 1, Map.of()).stateDir().resolveSibling(NAME + "-tls"),
                    List.of());
        }
        Map<String, String> all = new HashMap<>(more);
        all.putAll(Map.of("PGVS3_RESP_TLS", "true", "PGVS3_TLS_KEYSTORE", tls.keystore().toString(),
                "PGVS3_TLS_KEYSTORE_PASSWORD", tls.password()));
        return Map.copyOf(all);
    }

    /** A TLS context that trusts the keystore of {@link #withTls}. */
    public static synchronized SSLContext trustingTls() throws Exception {
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(null, tls.trustManagers(), null);
        return context;
    }

    public static long gatewayPid() throws IOException {
        return Long.parseLong(Files.readString(script.stateDir().resolve("gw1/gateway.pid")).trim());
    }

    public static InetSocketAddress respAddress() {
        String[] hostPort = script.get("PGVS3_RESP_ENDPOINT").split(":");
        return new InetSocketAddress(hostPort[0], Integer.parseInt(hostPort[1]));
    }

    public static String secretKey() {
        return script.get("PGVS3_SECRET_KEY");
    }

    public static String adminEndpoint() {
        return script.get("PGVS3_ADMIN_ENDPOINTS").split(" ")[0];
    }

    @Override
    public void close() throws Exception {
        new StackScript(NAME, SHIFT, 1, Map.of()).down(); // also what a failed start left running
    }
}
