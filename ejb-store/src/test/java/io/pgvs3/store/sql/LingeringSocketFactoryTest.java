package io.pgvs3.store.sql;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.net.InetAddress;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.Test;

/**
 * Every socket the pools get lingers (the JDK's TLS close waits at most that long for a blocked writer) and
 * reads ahead, keeping what a socket read brought through a read timeout, as PgJDBC's notification check needs.
 */
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

    @Test
    void aSocketReadsAheadAndATimedOutReadLosesNothing() throws Exception {
        InetAddress loopback = InetAddress.getLoopbackAddress();
        try (ServerSocket server = new ServerSocket(0, 8, loopback);
             Socket client = factory.createSocket()) {
            client.connect(new InetSocketAddress(loopback, server.getLocalPort()));
            try (Socket peer = server.accept()) {
                InputStream in = client.getInputStream();
                assertInstanceOf(ReadAheadInput.class, in);
                assertSame(in, client.getInputStream(), "PgJDBC may ask again, after TLS or GSS setup");
                OutputStream out = peer.getOutputStream();
                out.write(new byte[] {1, 2, 3});
                out.flush();
                assertEquals(1, in.read());
                client.setSoTimeout(50);
                byte[] two = new byte[2];
                assertEquals(2, in.read(two, 0, 2));
                assertArrayEquals(new byte[] {2, 3}, two);
                assertThrows(SocketTimeoutException.class, in::read, "nothing sent: the read times out");
                out.write(new byte[] {4, 5});
                out.flush();
                client.setSoTimeout(10_000);
                assertEquals(4, in.read());
                assertEquals(5, in.read());
            }
        }
    }
}
