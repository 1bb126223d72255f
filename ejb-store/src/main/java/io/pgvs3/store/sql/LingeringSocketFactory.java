package io.pgvs3.store.sql;

import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import javax.net.SocketFactory;

/**
 * PgJDBC's {@code socketFactory} for the pools (server.xml): plain sockets with SO_LINGER of
 * {@link #LINGER_SECONDS}, so that aborting a TLS session whose writer is blocked ends at once
 * (docs/adr/0033). The JDK's {@code SSLSocketImpl.close} sends close_notify under the record lock that a
 * blocked write holds; with the default linger (-1) it waits for that lock without limit, so the COPY
 * watchdog's abort would wait for the frozen database to thaw. With a linger of n seconds it waits at most
 * n, then shuts the TCP output and closes the socket beneath, which fails the blocked write. A close with
 * nothing in its way still sends close_notify and a FIN; a linger of 0 would send a reset instead.
 * Plain TCP sessions are closed the same way as before: the linger only bounds how long the kernel
 * may hold a close while unsent data drains, which a healthy database takes at once.
 * Each socket also reads ahead ({@link ReadAheadInput}): one {@code recv} for up to 64 KiB of results
 * instead of one per 8 KiB of PgJDBC's own buffer.
 */
public final class LingeringSocketFactory extends SocketFactory {

    static final int LINGER_SECONDS = 1;

    /** PgJDBC instantiates it by class name. */
    public LingeringSocketFactory() {
    }

    @Override
    public Socket createSocket() throws IOException {
        return lingering(new ReadAheadSocket());
    }

    @Override
    public Socket createSocket(String host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(String host, int port, InetAddress localHost, int localPort) throws IOException {
        return connected(new InetSocketAddress(host, port), new InetSocketAddress(localHost, localPort));
    }

    @Override
    public Socket createSocket(InetAddress host, int port) throws IOException {
        return connected(new InetSocketAddress(host, port), null);
    }

    @Override
    public Socket createSocket(InetAddress address, int port, InetAddress localAddress, int localPort)
            throws IOException {
        return connected(new InetSocketAddress(address, port), new InetSocketAddress(localAddress, localPort));
    }

    /** PgJDBC itself connects the unconnected socket; these are for other callers of a socket factory. */
    private static Socket connected(InetSocketAddress remote, InetSocketAddress local) throws IOException {
        Socket socket = lingering(new ReadAheadSocket());
        try {
            if (local != null) {
                socket.bind(local);
            }
            socket.connect(remote);
            return socket;
        } catch (IOException e) {
            socket.close();
            throw e;
        }
    }

    private static Socket lingering(Socket socket) throws SocketException {
        socket.setSoLinger(true, LINGER_SECONDS);
        return socket;
    }
}
