package io.pgvs3.bench.http;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

/**
 * One HTTP/1.1 keep-alive connection, opened lazily and reopened after the server closed it or an I/O
 * error. It writes a prepared request head and body and reads the response with its own buffer, so a
 * request costs a few hundred bytes of parsing and no library layers: the client must stay cheap next
 * to the server it measures on the same two cores.
 */
public final class HttpConnection implements Closeable {
    /** Long enough for a 503 after the gateway's 5 s admission wait, short enough to end a stuck run. */
    private static final int READ_TIMEOUT_MS = 60_000;
    private static final int CONNECT_TIMEOUT_MS = 5_000;
    private static final int MAX_LINE = 16 * 1024;
    private static final int MAX_HEADERS = 200;
    private static final int MAX_INTERIM = 5;

    private final InetSocketAddress address;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    private Socket socket;
    private InputStream in;
    private OutputStream out;
    private long connects;

    public HttpConnection(String host, int port) {
        this.address = new InetSocketAddress(host, port);
    }

    /** How many TCP connections this connection has opened so far (1 means keep-alive held). */
    public long connects() {
        return connects;
    }

    /**
     * Sends one request and reads its whole response into {@code response}.
     *
     * @param head       the request line and headers, ending with the empty line
     * @param body       the body (may be null)
     * @param headMethod true for HEAD, whose response has headers only
     */
    public void exchange(byte[] head, Body body, boolean headMethod, HttpResponse response) throws IOException {
        response.reset();
        open();
        try {
            out.write(head);
            if (body != null) {
                body.writeTo(out);
            }
            out.flush();
            boolean keepAlive = readResponse(headMethod, response);
            if (!keepAlive) {
                close();
            }
        } catch (IOException | RuntimeException e) {
            close();
            throw e;
        }
    }

    private void open() throws IOException {
        if (socket != null) {
            return;
        }
        Socket s = new Socket();
        s.setTcpNoDelay(true);
        s.setSoTimeout(READ_TIMEOUT_MS);
        s.connect(address, CONNECT_TIMEOUT_MS);
        socket = s;
        in = s.getInputStream();
        out = new BufferedOutputStream(s.getOutputStream(), 16 * 1024);
        position = 0;
        limit = 0;
        connects++;
    }

    /** Reads status, headers and body; returns whether the connection may carry the next request. */
    private boolean readResponse(boolean headMethod, HttpResponse response) throws IOException {
        Head head = readHead();
        // interim answers (100 Continue and the like) precede the real one; a few at most
        for (int interim = 0; head.status / 100 == 1; interim++) {
            if (interim == MAX_INTERIM) {
                throw new IOException("more than " + MAX_INTERIM + " interim responses");
            }
            head = readHead();
        }
        response.status = head.status;
        if (headMethod || head.status == 204 || head.status == 304) {
            return head.keepAlive;
        }
        if (head.chunked) {
            readChunked(response);
        } else if (head.contentLength >= 0) {
            consume(head.contentLength, response);
        } else {
            consumeToEof(response);
            return false;
        }
        return head.keepAlive;
    }

    /** The parts of a status line and header block the framing depends on. */
    private static final class Head {
        int status;
        boolean keepAlive;
        long contentLength = -1;
        boolean chunked;
    }

    private Head readHead() throws IOException {
        String statusLine = readLine();
        if (statusLine.length() < 12 || !statusLine.startsWith("HTTP/1.")) {
            throw new IOException("not an HTTP/1.x status line: " + statusLine);
        }
        Head head = new Head();
        head.status = Integer.parseInt(statusLine, 9, 12, 10);
        head.keepAlive = statusLine.charAt(7) == '1';
        for (int i = 0; ; i++) {
            if (i == MAX_HEADERS) {
                throw new IOException("more than " + MAX_HEADERS + " response headers");
            }
            String line = readLine();
            if (line.isEmpty()) {
                return head;
            }
            int colon = line.indexOf(':');
            if (colon <= 0) {
                continue;
            }
            String value = line.substring(colon + 1).trim();
            if (colon == 14 && line.regionMatches(true, 0, "content-length", 0, colon)) {
                head.contentLength = Long.parseLong(value);
            } else if (colon == 17 && line.regionMatches(true, 0, "transfer-encoding", 0, colon)) {
                head.chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
            } else if (colon == 10 && line.regionMatches(true, 0, "connection", 0, colon)) {
                head.keepAlive = !value.equalsIgnoreCase("close");
            }
        }
    }

    private void readChunked(HttpResponse response) throws IOException {
        for (int chunks = 0; ; chunks++) {
            if (chunks == Integer.MAX_VALUE) {
                throw new IOException("endless chunked body");
            }
            String sizeLine = readLine();
            int semicolon = sizeLine.indexOf(';');
            long size = Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                for (int i = 0; i < MAX_HEADERS && !readLine().isEmpty(); i++) {
                    // trailers carry nothing the harness needs
                }
                return;
            }
            consume(size, response);
            if (!readLine().isEmpty()) {
                throw new IOException("chunk not followed by CRLF");
            }
        }
    }

    private void consume(long count, HttpResponse response) throws IOException {
        long left = count;
        while (left > 0) {
            if (position == limit && !fill()) {
                throw new EOFException("connection closed with " + left + " body bytes to go");
            }
            int n = (int) Math.min(left, limit - position);
            if (response.capture != null) {
                response.capture.write(buffer, position, n);
            }
            position += n;
            left -= n;
        }
        response.bodyBytes += count;
    }

    private void consumeToEof(HttpResponse response) throws IOException {
        while (position < limit || fill()) {
            int n = limit - position;
            if (response.capture != null) {
                response.capture.write(buffer, position, n);
            }
            response.bodyBytes += n;
            position = limit;
        }
    }

    private String readLine() throws IOException {
        int scanned = 0; // bytes after position already searched; stays valid when fill() compacts
        for (;;) {
            for (int i = position + scanned; i < limit; i++) {
                if (buffer[i] == '\n') {
                    int end = i > position && buffer[i - 1] == '\r' ? i - 1 : i;
                    String line = new String(buffer, position, end - position, StandardCharsets.ISO_8859_1);
                    position = i + 1;
                    return line;
                }
            }
            scanned = limit - position;
            if (scanned >= MAX_LINE) {
                throw new IOException("response line longer than " + MAX_LINE + " bytes");
            }
            if (!fill()) {
                throw new EOFException("connection closed inside a response line");
            }
        }
    }

    /** Reads more bytes, compacting the buffer first; false at end of stream. */
    private boolean fill() throws IOException {
        if (position > 0) {
            System.arraycopy(buffer, position, buffer, 0, limit - position);
            limit -= position;
            position = 0;
        }
        int n = in.read(buffer, limit, buffer.length - limit);
        if (n < 0) {
            return false;
        }
        limit += n;
        return true;
    }

    @Override
    public void close() {
        if (socket != null) {
            try {
                socket.close();
            } catch (IOException e) {
                // nothing to do: the socket is gone either way
            }
        }
        socket = null;
        in = null;
        out = null;
    }
}
