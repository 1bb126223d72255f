package io.pgvs3.resp.server;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.PipelineRunner;
import io.pgvs3.resp.command.Gateway;
import io.pgvs3.resp.command.HeldSessions;
import io.pgvs3.resp.command.KvThreads;
import io.pgvs3.resp.command.Services;
import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.command.family.Families;
import io.pgvs3.resp.error.RespErrors;
import io.pgvs3.store.api.KvStore;
import jakarta.annotation.PreDestroy;
import jakarta.annotation.Resource;
import jakarta.ejb.EJB;
import jakarta.enterprise.concurrent.ManagedThreadFactory;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.context.Initialized;
import jakarta.enterprise.event.Observes;
import jakarta.inject.Inject;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketAddress;
import java.net.StandardSocketOptions;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The RESP listener: opened when the application starts (tried again every second while its port is
 * taken), closed (with every connection) when it stops. Clients, plaintext or TLS, are spread over a few
 * {@link EventLoop}s whose batches run on a fixed pool of workers (docs/adr/0046, 0050). Every thread comes
 * from the server's
 * {@code ManagedThreadFactory}, so it carries the application's context (JNDI, class loader) and the
 * server knows it (ADR 0010).
 */
@ApplicationScoped
public class RespListener implements Gateway {

    private static final Logger LOG = Logger.getLogger(RespListener.class.getName());
    private static final long OPEN_RETRY_MILLIS = 1000;
    private static final long STOP_WAIT_SECONDS = 5;
    private static final byte[] MAX_CLIENTS = ("-" + RespErrors.MAX_CLIENTS + "\r\n").getBytes(StandardCharsets.US_ASCII);

    @Resource(lookup = "concurrent/pgvs3/respThreads")
    private ManagedThreadFactory threads;

    @EJB
    private KvStore kv;

    @Inject
    private RespConfig config;

    @Inject
    private RespMetrics metrics;

    private final ConcurrentMap<Long, LoopConnection> connections = new ConcurrentHashMap<>();
    private final AtomicInteger nextLoop = new AtomicInteger();
    private final String runId = randomRunId();
    private final long startedMillis = System.currentTimeMillis();
    private volatile ServerSocketChannel server;
    private volatile String problem = "not started";
    private volatile boolean stopped;
    private PipelineRunner pipeline;
    private KvThreads stores;
    private List<EventLoop> loops = List.of();
    private ExecutorService workers;
    /** How workers linger on plaintext clients that keep a store session; null: they do not. */
    private Lingering lingering;
    /** Null for plaintext. */
    private Tls tls;

    void start(@Observes @Initialized(ApplicationScoped.class) Object started) {
        if (!config.enabled()) {
            problem = null;
            LOG.info("RESP bridge disabled (pgvs3.resp.port=-1)");
            return;
        }
        if (config.problem() != null) {
            problem = config.problem();
            LOG.severe("RESP listener not opened: " + problem);
            return;
        }
        CommandTable table = Families.table();
        stores = new KvThreads(kv::openSession);
        pipeline = new PipelineRunner(table, new Services(stores, this, table, config.credentials(),
                config.limits().maxBulk()), metrics.observer(), config.writeTransactions(), config.readQueries(),
                new HeldSessions(kv::holdSession, config.heldSessions()), config.readOnly());
        metrics.connections(connections::size);
        threads.newThread(this::openUntilStopped).start();
    }

    /**
     * Opens the listener, trying again every second while the port is taken (or the keystore is not there
     * yet) until it opens or the application stops; readiness names the failure meanwhile.
     */
    private void openUntilStopped() {
        while (!stopped) {
            try {
                open();
                return;
            } catch (IOException | GeneralSecurityException e) {
                String failed = "cannot listen on " + config.host() + ":" + config.port() + ": " + e.getMessage()
                        + " (trying again every second)";
                if (!failed.equals(problem)) {
                    LOG.severe("RESP listener not opened: " + failed);
                }
                problem = failed;
            }
            try {
                Thread.sleep(OPEN_RETRY_MILLIS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * Binds the port and starts the threads. The port is a {@link ServerSocketChannel} accepting in blocking
     * mode on its own thread (accepting is all it does), which hands each client to a loop.
     */
    private synchronized void open() throws IOException, GeneralSecurityException {
        if (stopped) {
            return;
        }
        if (config.tls() && tls == null) {
            tls = Tls.load(config.keystore());
        }
        ServerSocketChannel channel = ServerSocketChannel.open();
        try {
            channel.socket().setReuseAddress(true);
            channel.bind(new InetSocketAddress(config.host(), config.port()), 1024);
            startLoops();
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        server = channel;
        threads.newThread(this::acceptLoop).start();
        problem = null;
        LOG.info(() -> "RESP listener on " + config.host() + ":" + channel.socket().getLocalPort()
                + (config.tls() ? " (TLS)" : ""));
    }

    /** Why the listener is not serving, or null when it is (or is disabled). */
    public String problem() {
        ServerSocketChannel s = server;
        return problem != null ? problem : s != null && !s.isOpen() ? "RESP listener closed" : null;
    }

    private void acceptLoop() {
        ServerSocketChannel s = server;
        while (s.isOpen()) {
            try {
                admit(s.accept());
            } catch (IOException e) {
                if (s.isOpen()) {
                    LOG.log(Level.WARNING, "RESP accept failed", e);
                }
            }
        }
    }

    /** The loops and the workers, each a thread of the managed factory; a worker's thread lives as long as the listener. */
    private void startLoops() throws IOException {
        List<EventLoop> started = new ArrayList<>();
        for (int i = 0; i < config.ioThreads(); i++) {
            EventLoop loop = new EventLoop(config.idleTimeoutMillis(), config.writeTimeoutMillis());
            started.add(loop);
            threads.newThread(loop).start();
        }
        loops = started;
        workers = new ThreadPoolExecutor(config.workers(), config.workers(), 0, TimeUnit.MILLISECONDS,
                new LinkedBlockingQueue<>(), threads);
        lingering = config.lingerNanos() > 0 ? new Lingering(config.lingerNanos()) : null;
    }

    /**
     * Gives the client to a loop. One past {@code maxclients} is not counted: its loop sends it the refusal once
     * it can (after the TLS handshake), then ends it.
     */
    private void admit(SocketChannel channel) throws IOException {
        boolean refused = connections.size() >= config.maxClients();
        try {
            channel.configureBlocking(false);
            channel.setOption(StandardSocketOptions.TCP_NODELAY, true);
        } catch (IOException e) {
            channel.close();
            throw e;
        }
        Socket socket = channel.socket();
        Session session = new Session(address(socket.getRemoteSocketAddress()), address(socket.getLocalSocketAddress()),
                !config.credentials().required());
        Exchange exchange = new Exchange(session, pipeline, config.limits());
        Wire wire = tls == null ? new PlainWire(channel) : new TlsWire(channel, tls.engine());
        EventLoop loop = loops.get(Math.floorMod(nextLoop.getAndIncrement(), loops.size()));
        if (refused) {
            metrics.rejected();
            loop.adopt(channel, new LoopConnection(channel, wire, exchange, loop, workers, null, metrics::closed,
                    MAX_CLIENTS));
            return;
        }
        metrics.accepted();
        LoopConnection connection = new LoopConnection(channel, wire, exchange, loop, workers,
                tls == null ? lingering : null, reason -> {
                    connections.remove(session.id());
                    metrics.closed(reason);
                }, null);
        connections.put(session.id(), connection);
        loop.adopt(channel, connection);
    }

    @PreDestroy
    synchronized void stop() {
        stopped = true;
        ServerSocketChannel s = server;
        if (s == null) {
            return;
        }
        try {
            s.close();
        } catch (IOException e) {
            LOG.log(Level.FINE, "closing the RESP listener", e);
        }
        loops.forEach(EventLoop::stop);
        new ArrayList<>(connections.values()).forEach(LoopConnection::close);
        if (workers != null) {
            workers.shutdownNow();
            awaitWorkers();
        }
        LOG.info("RESP listener closed");
    }

    /** Closes the workers' store sessions and selectors once they ended; a worker still stuck in the store keeps its own. */
    private void awaitWorkers() {
        try {
            if (workers.awaitTermination(STOP_WAIT_SECONDS, TimeUnit.SECONDS)) {
                stores.closeAll();
                if (lingering != null) {
                    lingering.closeAll();
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public List<Session> sessions() {
        return connections.values().stream().map(LoopConnection::session).toList();
    }

    @Override
    public int maxClients() {
        return config.maxClients();
    }

    @Override
    public int port() {
        ServerSocketChannel s = server;
        return s == null ? config.port() : s.socket().getLocalPort();
    }

    @Override
    public long startedMillis() {
        return startedMillis;
    }

    @Override
    public String runId() {
        return runId;
    }

    private static String address(SocketAddress a) {
        return a instanceof InetSocketAddress i ? i.getAddress().getHostAddress() + ":" + i.getPort() : String.valueOf(a);
    }

    private static String randomRunId() {
        byte[] b = new byte[20];
        new SecureRandom().nextBytes(b);
        return HexFormat.of().formatHex(b);
    }
}
