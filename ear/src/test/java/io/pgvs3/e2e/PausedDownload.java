package io.pgvs3.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A GET of a presigned URL over a plain kept-alive socket (no {@code Connection: close}, as SDK clients
 * send it) that reads the answer's head and the first bytes of its body, then reads nothing until
 * {@link #readToEnd}: the gateway fills the socket's buffers and blocks mid-body.
 */
final class PausedDownload implements AutoCloseable {

    private static final Pattern STATUS = Pattern.compile("^HTTP/1\\.1 (\\d{3})");
    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");
    /** A small receive window, so that the gateway blocks after a few MiB at most. */
    private static final int RECEIVE_BUFFER = 64 << 10;

    private final Socket socket;
    private final String head;
    private final ByteArrayOutputStream body = new ByteArrayOutputStream();

    private PausedDownload(Socket socket, String head) {
        this.socket = socket;
        this.head = head;
    }

    static PausedDownload start(URL presigned, int firstBytes) throws IOException {
        Socket socket = new Socket();
        socket.setReceiveBufferSize(RECEIVE_BUFFER);
        socket.connect(new InetSocketAddress(presigned.getHost(), presigned.getPort()));
        socket.setSoTimeout(60_000);
        socket.getOutputStream().write(("GET " + presigned.getFile() + " HTTP/1.1\r\nHost: " + presigned.getHost() + ":"
                + presigned.getPort() + "\r\n\r\n").getBytes(StandardCharsets.ISO_8859_1));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("the connection ended within the answer's head: " + head);
            }
            head.append((char) b);
        }
        PausedDownload download = new PausedDownload(socket, head.toString());
        download.body.write(in.readNBytes(firstBytes));
        return download;
    }

    int status() {
        Matcher m = STATUS.matcher(head);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    long contentLength() {
        Matcher m = CONTENT_LENGTH.matcher(head);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    String head() {
        return head;
    }

    /**
     * Reads on until the gateway ends the connection (or has sent {@code Content-Length} bytes) and
     * returns every body byte received. A reset counts as an end; a socket left open and silent fails with
     * a timeout.
     */
    byte[] readToEnd() throws IOException {
        InputStream in = socket.getInputStream();
        byte[] buffer = new byte[64 << 10];
        try {
            while (body.size() < contentLength()) {
                int n = in.read(buffer);
                if (n < 0) {
                    break;
                }
                body.write(buffer, 0, n);
            }
        } catch (SocketException reset) {
            // the gateway aborted the connection: what came before is the answer
        }
        return body.toByteArray();
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
