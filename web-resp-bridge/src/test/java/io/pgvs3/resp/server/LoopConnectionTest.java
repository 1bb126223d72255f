package io.pgvs3.resp.server;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.resp.command.CommandTable;
import io.pgvs3.resp.command.Credentials;
import io.pgvs3.resp.command.HeldSessions;
import io.pgvs3.resp.command.KvThreads;
import io.pgvs3.resp.command.PipelineRunner;
import io.pgvs3.resp.command.QuietObserver;
import io.pgvs3.resp.command.Services;
import io.pgvs3.resp.command.Session;
import io.pgvs3.resp.command.family.Families;
import io.pgvs3.resp.protocol.DecoderLimits;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.ServerSocketChannel;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * A connection's end as its loop drives it, step by step on this thread over a real loopback socket: the
 * loop's expiry may run between a last reply's decision and its write, and must not close it unsaid.
 */
class LoopConnectionTest {

    private static final byte[] REFUSAL = "-ERR max number of clients reached\r\n".getBytes(StandardCharsets.US_ASCII);
    private static final long WRITE_TIMEOUT_MILLIS = 60_000;

    private ServerSocketChannel listener;
    private Selector selector;
    private Socket client;
    private SocketChannel channel;
    private LoopConnection refused;
    private final List<CloseReason> closes = new ArrayList<>();

    @BeforeEach
    void refuseAClient() throws Exception {
        listener = ServerSocketChannel.open().bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        selector = Selector.open();
        client = new Socket(InetAddress.getLoopbackAddress(), ((InetSocketAddress) listener.getLocalAddress()).getPort());
        client.setSoTimeout((int) TimeUnit.MINUTES.toMillis(1));
        channel = listener.accept();
        channel.configureBlocking(false);
        Session session = new Session("test:1", "test:2", false);
        refused = new LoopConnection(channel, new PlainWire(channel), new Exchange(session, pipeline(), DecoderLimits.REDIS),
                new EventLoop(0, WRITE_TIMEOUT_MILLIS), Runnable::run, null, closes::add, REFUSAL);
        // a plaintext wire is ready at once: the refusal is decided here and waits for the socket to be writable
        refused.registered(channel.register(selector, SelectionKey.OP_READ, refused));
    }

    @AfterEach
    void close() throws Exception {
        client.close();
        channel.close();
        selector.close();
        listener.close();
    }

    @Test
    void anExpiryBetweenTheRefusalAndItsWriteLeavesTheClientOpen() throws Exception {
        refused.expire(System.nanoTime(), 0);
        assertTrue(channel.isOpen(), "closed before its refusal was written");
        refused.writable();
        InputStream in = client.getInputStream();
        assertArrayEquals(REFUSAL, in.readNBytes(REFUSAL.length));
        assertEquals(-1, in.read(), "the output is shut after the refusal");
        refused.expire(System.nanoTime(), 0);
        assertTrue(channel.isOpen(), "input is drained for a while after the last reply");
        refused.expire(System.nanoTime() + Exchange.DRAIN_NANOS, 0);
        assertFalse(channel.isOpen(), "closed once drained long enough");
        assertEquals(List.of(CloseReason.MAX_CLIENTS), closes, "counted once, for the refusal");
    }

    @Test
    void aLastReplyNeverWrittenIsGivenUpAfterTheWriteTimeout() {
        long decided = System.nanoTime();
        refused.expire(decided + TimeUnit.MILLISECONDS.toNanos(WRITE_TIMEOUT_MILLIS) / 2, 0);
        assertTrue(channel.isOpen(), "its client may still read it");
        refused.expire(decided + TimeUnit.MILLISECONDS.toNanos(WRITE_TIMEOUT_MILLIS) + 1, 0);
        assertFalse(channel.isOpen(), "a client that reads nothing for the write timeout is closed");
        assertEquals(List.of(CloseReason.WRITE_TIMEOUT), closes);
    }

    private static PipelineRunner pipeline() {
        CommandTable table = Families.table();
        Services services = new Services(new KvThreads(() -> null), null, table, new Credentials(false, null, null), 1 << 20);
        return new PipelineRunner(table, services, new QuietObserver(), 4, 4, new HeldSessions(() -> () -> { }, 0), false);
    }
}
