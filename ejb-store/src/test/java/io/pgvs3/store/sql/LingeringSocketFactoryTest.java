package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import org.junit.jupiter.api.Test;

/** Every socket the pools get lingers: the JDK's TLS close waits at most that long for a blocked writer. */
class LingeringSocketFactoryTest {

    private final LingeringSocketFactory factory = new LingeringSocketFactory();

    @Test
    void theUnconnectedSocketPgJdbcAsksForLingers() throws Exception {
        try (Socket socket = factory.createSocket()) {
            assertEquals(LingeringSocketFactory.LINGER_SECONDS, socket.getSoLinger());
        }
    }

    @Test
    void connectedSocketsLingerToo() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 8, loopback);
             Socket byName = factory.createSocket(loopback.getHostAddress(), server.getLocalPort());
             Socket byAddress = factory.createSocket(loopback, server.getLocalPort())) {
            assertEquals(LingeringSocketFactory.LINGER_SECONDS, byName.getSoLinger());
            assertEquals(LingeringSocketFactory.LINGER_SECONDS, byAddress.getSoLinger());
        }
    }
}
