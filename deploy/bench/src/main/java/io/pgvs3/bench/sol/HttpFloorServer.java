package io.pgvs3.bench.sol;

import io.pgvs3.bench.http.RandomBody;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The HTTP floor: a loopback HTTP/1.1 server that only moves bytes. A PUT's body is read and
 * discarded (its length remembered per path); a GET answers that many bytes of a {@link RandomBody}
 * from memory, or the asked {@code Range: bytes=a-b} of it with 206. No storage, no checksums, no
 * signature check: what is left is what any server pays to move the bytes over loopback sockets.
 */
public final class HttpFloorServer implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(HttpFloorServer.class.getName());
    private static final int MAX_HEAD = 64 * 1024;

    private final ServerSocket listener;
    private final Map<String, Long> sizes = new ConcurrentHashMap<>();

    public HttpFloorServer() throws IOException {
        listener = new ServerSocket();
        listener.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        Thread accept = new Thread(this::acceptLoop, "http-floor-accept");
        accept.setDaemon(true);
        accept.start();
    }

    public int port() {
        return listener.getLocalPort();
    }

    private void acceptLoop() {
        while (!listener.isClosed()) {
            try {
                Socket socket = listener.accept();
                Thread t = new Thread(() -> serve(socket), "http-floor-conn");
                t.setDaemon(true);
                t.start();
            } catch (IOException e) {
                if (!listener.isClosed()) {
                    LOG.log(Level.WARNING, "HTTP floor accept failed", e);
                }
            }
        }
    }

    private void serve(Socket socket) {
        try (socket) {
            socket.setTcpNoDelay(true);
            InputStream in = new BufferedInputStream(socket.getInputStream(), 64 * 1024);
            OutputStream out = new BufferedOutputStream(socket.getOutputStream(), 64 * 1024);
            for (String head = readHead(in); head != null; head = readHead(in)) {
                answer(head, in, out);
                out.flush();
            }
        } catch (IOException e) {
            LOG.log(Level.FINE, "HTTP floor connection ended", e);
        }
    }

    private void answer(String head, InputStream in, OutputStream out) throws IOException {
        String[] lines = head.split("\r\n");
        String[] request = lines[0].split(" ");
        String path = request[1];
        long contentLength = 0;
        String range = null;
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            String name = colon < 0 ? "" : lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT);
            String value = colon < 0 ? "" : lines[i].substring(colon + 1).trim();
            if (name.equals("content-length")) {
                contentLength = Long.parseLong(value);
            } else if (name.equals("range")) {
                range = value;
            }
        }
        if (request[0].equals("PUT")) {
            discard(in, contentLength);
            sizes.put(path, contentLength);
            out.write("HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            return;
        }
        discard(in, contentLength);
        Long size = sizes.get(path);
        if (!request[0].equals("GET") || size == null) {
            out.write("HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.ISO_8859_1));
            return;
        }
        RandomBody body = new RandomBody(size, path.hashCode());
        long first = 0;
        long count = size;
        String status = "200 OK";
        if (range != null && range.startsWith("bytes=")) {
            int dash = range.indexOf('-');
            first = Long.parseLong(range.substring(6, dash));
            count = Math.min(size - 1, Long.parseLong(range.substring(dash + 1))) - first + 1;
            status = "206 Partial Content";
        }
        out.write(("HTTP/1.1 " + status + "\r\nContent-Length: " + count + "\r\n\r\n")
                .getBytes(StandardCharsets.ISO_8859_1));
        body.writeRange(first, count, out);
    }

    /** Reads and drops a body, as a server that stores nothing would. */
    private static void discard(InputStream in, long count) throws IOException {
        byte[] scratch = new byte[256 * 1024];
        for (long left = count; left > 0; ) {
            int n = in.read(scratch, 0, (int) Math.min(left, scratch.length));
            if (n < 0) {
                throw new IOException("connection closed with " + left + " body bytes to go");
            }
            left -= n;
        }
    }

    /** The request line and headers up to the empty line, or null at a clean end of stream. */
    private static String readHead(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder(512);
        for (int c = in.read(); ; c = in.read()) {
            if (c < 0) {
                if (head.length() == 0) {
                    return null;
                }
                throw new IOException("connection closed inside a request head");
            }
            head.append((char) c);
            int n = head.length();
            if (n >= 4 && head.charAt(n - 1) == '\n' && head.charAt(n - 2) == '\r' && head.charAt(n - 3) == '\n'
                    && head.charAt(n - 4) == '\r') {
                return head.substring(0, n - 4);
            }
            if (n > MAX_HEAD) {
                throw new IOException("request head longer than " + MAX_HEAD + " bytes");
            }
        }
    }

    @Override
    public void close() throws IOException {
        listener.close();
    }
}
