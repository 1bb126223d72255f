package io.pgvs3.e2e.resp;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

/**
 * A raw RESP2 client for the comparison tests: sends commands as multibulk arrays and reads each reply
 * into one canonical text, so two servers' replies compare as strings ({@code +OK}, {@code -ERR ...},
 * {@code :1}, {@code $hello} or {@code $x:<hex>} for bytes other than printable ASCII and line breaks, {@code $nil}, {@code *[a, b]}, {@code *nil}).
 */
final class RespConnection implements AutoCloseable {

    private final Socket socket;
    private final InputStream in;
    private final OutputStream out;

    RespConnection(InetSocketAddress address) throws IOException {
        this(new Socket(address.getAddress(), address.getPort()));
    }

    /** Over a connected socket: a TLS one, for instance. */
    RespConnection(Socket connected) throws IOException {
        socket = connected;
        socket.setSoTimeout(30_000);
        in = new BufferedInputStream(socket.getInputStream());
        out = socket.getOutputStream();
    }

    /** This end's port: how CLIENT LIST names the connection ({@code addr=127.0.0.1:PORT}). */
    int localPort() {
        return socket.getLocalPort();
    }

    /** Sends one command and returns its reply. */
    String call(byte[]... argv) throws IOException {
        send(argv);
        return read();
    }

    String call(String... argv) throws IOException {
        return call(bytes(argv));
    }

    void send(byte[]... argv) throws IOException {
        ByteArrayOutputStream frame = new ByteArrayOutputStream();
        frame.writeBytes(("*" + argv.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
        for (byte[] a : argv) {
            frame.writeBytes(("$" + a.length + "\r\n").getBytes(StandardCharsets.US_ASCII));
            frame.writeBytes(a);
            frame.writeBytes(new byte[] {'\r', '\n'});
        }
        out.write(frame.toByteArray());
        out.flush();
    }

    /** Raw bytes, for inline commands and broken frames. */
    void sendRaw(String wire) throws IOException {
        out.write(wire.getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
    }

    /** The next reply, or "<closed>" when the server closed the connection. */
    String read() throws IOException {
        int type = in.read();
        if (type < 0) {
            return "<closed>";
        }
        String line = line();
        switch (type) {
            case '+', '-', ':' -> {
                return (char) type + line;
            }
            case '$' -> {
                int n = Integer.parseInt(line);
                if (n < 0) {
                    return "$nil";
                }
                byte[] data = in.readNBytes(n);
                in.readNBytes(2);
                return "$" + text(data);
            }
            case '*' -> {
                int n = Integer.parseInt(line);
                if (n < 0) {
                    return "*nil";
                }
                StringBuilder b = new StringBuilder("*[");
                for (int i = 0; i < n; i++) {
                    b.append(i == 0 ? "" : ", ").append(read());
                }
                return b.append(']').toString();
            }
            default -> throw new IOException("not a RESP reply type: " + (char) type + line);
        }
    }

    /** The next reply, which must be a bulk string: its bytes (null for a nil bulk). */
    byte[] readBulk() throws IOException {
        String header = header('$');
        int n = Integer.parseInt(header);
        if (n < 0) {
            return null;
        }
        byte[] data = in.readNBytes(n);
        if (data.length < n || in.readNBytes(2).length < 2) {
            throw new IOException("connection closed mid-reply");
        }
        return data;
    }

    /** The next reply's header, which must be an array's: its length. */
    int readArrayLength() throws IOException {
        return Integer.parseInt(header('*'));
    }

    private String header(char expected) throws IOException {
        int type = in.read();
        if (type != expected) {
            throw new IOException(type < 0 ? "connection closed before a reply"
                    : "expected a '" + expected + "' reply, got '" + (char) type + line() + "'");
        }
        return line();
    }

    static byte[][] bytes(String... argv) {
        byte[][] b = new byte[argv.length][];
        for (int i = 0; i < argv.length; i++) {
            b[i] = argv[i].getBytes(StandardCharsets.ISO_8859_1);
        }
        return b;
    }

    static byte[][] bytes(List<String> argv) {
        return bytes(argv.toArray(String[]::new));
    }

    private static String text(byte[] data) {
        for (byte b : data) {
            if ((b < 0x20 && b != '\r' && b != '\n') || b > 0x7e) {
                return "x:" + HexFormat.of().formatHex(data);
            }
        }
        return new String(data, StandardCharsets.US_ASCII);
    }

    private String line() throws IOException {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        int c;
        while ((c = in.read()) != '\r') {
            if (c < 0) {
                throw new IOException("connection closed mid-reply");
            }
            b.write(c);
        }
        in.read();
        return b.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }
}
