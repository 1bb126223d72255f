package io.pgvs3.s3.health;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import org.junit.jupiter.api.Test;

class OwnListenersTest {

    private static final String HEADER = "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt"
            + "   uid  timeout inode";

    @Test
    void onlyListeningRowsWithOwnInodesCount() {
        List<String> table = List.of(HEADER,
                "   0: 0100007F:1F40 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 111 1 0 100 0 0 10 0",
                "   1: 00000000:1F41 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 222 1 0 100 0 0 10 0",
                "   2: 0100007F:1F42 0100007F:A000 01 00000000:00000000 00:00000000 00000000     0        0 333 1 0 20 4 30 10 -1");
        assertEquals(Set.of(8000), OwnListeners.listening(table, Set.of("111", "333")));
        assertEquals(Set.of(), OwnListeners.listening(List.of(), Set.of("111")));
    }

    @Test
    void tcp6RowsParseTheSameWay() {
        List<String> table = List.of(HEADER, "   0: 00000000000000000000000000000000:6D66 "
                + "00000000000000000000000000000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 444 1 0 100 0 0 10 0");
        assertEquals(Set.of(28006), OwnListeners.listening(table, Set.of("444")));
    }

    @Test
    void aSocketThisProcessListensOnIsFoundAndAClosedOneIsNot() throws Exception {
        assumeTrue(OwnListeners.ports().isPresent(), "needs Linux /proc");
        int port;
        try (ServerSocket socket = new ServerSocket()) {
            socket.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
            port = socket.getLocalPort();
            assertTrue(OwnListeners.ports().orElseThrow().contains(port));
        }
        assertFalse(OwnListeners.ports().orElseThrow().contains(port));
    }

    @Test
    void listenerStatusNamesTheUnboundListener() {
        ListenerStatus httpDown = ListenerStatus.of(Optional.of(Set.of(8443)), "*", 8014, 8443);
        assertEquals(Optional.of(false), httpDown.http());
        assertTrue(httpDown.problem().startsWith("the S3 listener *:8014 is not bound"), httpDown.problem());
        ListenerStatus httpsDown = ListenerStatus.of(Optional.of(Set.of(8014)), "*", 8014, 8443);
        assertTrue(httpsDown.problem().startsWith("the S3 HTTPS listener *:8443 is not bound"), httpsDown.problem());
        ListenerStatus plain = ListenerStatus.of(Optional.of(Set.of(8014)), "127.0.0.1", 8014, -1);
        assertEquals(Optional.empty(), plain.https());
        assertEquals(null, plain.problem());
        assertEquals(null, ListenerStatus.of(Optional.empty(), "127.0.0.1", 8014, 8443).problem(), "unknown is no problem");
    }
}
