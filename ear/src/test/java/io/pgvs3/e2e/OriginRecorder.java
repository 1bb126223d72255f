package io.pgvs3.e2e;

import java.io.BufferedInputStream;
import java.io.ByteArrayOutputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A loopback forwarder in front of an origin that records every HTTP request passing through it: the
 * gateways' metrics count origin requests per bucket and operation, this tells which key each was for and
 * whether it asked for a range. Bytes are forwarded unchanged both ways (so SigV4 signatures made for this
 * port still verify at the origin); only the requests' heads are read, to find where each body ends
 * ({@code Content-Length} or chunked) and the next request begins.
 */
final class OriginRecorder implements AutoCloseable {

    /** One request as the origin received it; {@code key} is the path after the bucket, decoded. */
    record Request(int sequence, String method, String bucket, String key, String query, String range, String ifMatch) {

        boolean isGet() {
            return method.equals("GET") && query == null;
        }

        @Override
        public String toString() {
            return method + " " + bucket + "/" + key + (query == null ? "" : "?" + query)
                    + (range == null ? "" : " Range: " + range) + (ifMatch == null ? "" : " If-Match: " + ifMatch);
        }
    }

    private final String upstreamHost;
    private final int upstreamPort;
    private final ServerSocket server;
    private final List<Request> requests = new ArrayList<>();
    private final Set<Socket> sockets = ConcurrentHashMap.newKeySet();
    private final Thread acceptor;

    OriginRecorder(URI upstream) throws IOException {
        upstreamHost = upstream.getHost();
        upstreamPort = upstream.getPort();
        server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        acceptor = daemon("origin-recorder-accept", this::accept);
    }

    /** Where the gateways reach the origin through this recorder. */
    URI endpoint() {
        return URI.create("http://127.0.0.1:" + server.getLocalPort());
    }

    /** Every request recorded so far, in the order their heads arrived. */
    synchronized List<Request> requests() {
        return List.copyOf(requests);
    }

    /** The requests recorded after the first {@code from} (a {@link #requests()} size taken before). */
    synchronized List<Request> since(int from) {
        return List.copyOf(requests.subList(from, requests.size()));
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket origin = new Socket(upstreamHost, upstreamPort);
                sockets.add(client);
                sockets.add(origin);
                daemon("origin-recorder-requests", () -> {
                    try {
                        forwardRequests(new BufferedInputStream(client.getInputStream()), origin.getOutputStream());
                    } catch (IOException e) {
                        // the connection ended; nothing to record
                    } finally {
                        closeBoth(client, origin);
                    }
                });
                daemon("origin-recorder-responses", () -> {
                    try {
                        origin.getInputStream().transferTo(client.getOutputStream());
                    } catch (IOException e) {
                        // the connection ended
                    } finally {
                        closeBoth(client, origin);
                    }
                });
            } catch (IOException e) {
                if (!server.isClosed()) {
                    throw new IllegalStateException("the origin recorder could not accept", e);
                }
            }
        }
    }

    /** Forwards requests one after another, recording each when its head has arrived. */
    private void forwardRequests(InputStream in, OutputStream out) throws IOException {
        while (true) {
            String requestLine = line(in);
            if (requestLine == null) {
                return;
            }
            StringBuilder head = new StringBuilder(requestLine).append("\r\n");
            long contentLength = 0;
            boolean chunked = false;
            String range = null;
            String ifMatch = null;
            for (String header = line(in); ; header = line(in)) {
                if (header == null) {
                    throw new EOFException("the request head broke off");
                }
                head.append(header).append("\r\n");
                if (header.isEmpty()) {
                    break;
                }
                int colon = header.indexOf(':');
                String name = header.substring(0, colon).trim().toLowerCase(Locale.ROOT);
                String value = header.substring(colon + 1).trim();
                switch (name) {
                    case "content-length" -> contentLength = Long.parseLong(value);
                    case "transfer-encoding" -> chunked = value.toLowerCase(Locale.ROOT).contains("chunked");
                    case "range" -> range = value;
                    case "if-match" -> ifMatch = value;
                    default -> { }
                }
            }
            record(requestLine, range, ifMatch);
            out.write(head.toString().getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            if (chunked) {
                forwardChunks(in, out);
            } else {
                copy(in, out, contentLength);
            }
            out.flush();
        }
    }

    private synchronized void record(String requestLine, String range, String ifMatch) {
        String[] parts = requestLine.split(" ");
        URI target = URI.create("http://origin" + parts[1]);
        String path = target.getPath().substring(1);
        int slash = path.indexOf('/');
        String bucket = slash < 0 ? path : path.substring(0, slash);
        String key = slash < 0 ? "" : path.substring(slash + 1);
        requests.add(new Request(requests.size(), parts[0], bucket, key, target.getRawQuery(), range, ifMatch));
    }

    private static void forwardChunks(InputStream in, OutputStream out) throws IOException {
        while (true) {
            String sizeLine = line(in);
            if (sizeLine == null) {
                throw new EOFException("a chunked body broke off");
            }
            out.write((sizeLine + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
            int semicolon = sizeLine.indexOf(';');
            long size = Long.parseLong((semicolon < 0 ? sizeLine : sizeLine.substring(0, semicolon)).trim(), 16);
            if (size == 0) {
                for (String trailer = line(in); ; trailer = line(in)) {
                    if (trailer == null) {
                        throw new EOFException("chunked trailers broke off");
                    }
                    out.write((trailer + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
                    if (trailer.isEmpty()) {
                        return;
                    }
                }
            }
            copy(in, out, size);
            String end = line(in);
            if (end == null) {
                throw new EOFException("a chunk's end broke off");
            }
            out.write((end + "\r\n").getBytes(StandardCharsets.ISO_8859_1));
        }
    }

    private static void copy(InputStream in, OutputStream out, long length) throws IOException {
        byte[] buffer = new byte[64 * 1024];
        long left = length;
        while (left > 0) {
            int n = in.read(buffer, 0, (int) Math.min(buffer.length, left));
            if (n < 0) {
                throw new EOFException("a body broke off with " + left + " bytes to go");
            }
            out.write(buffer, 0, n);
            left -= n;
        }
    }

    /** One line without its CRLF; null at the end of the stream before any byte of it. */
    private static String line(InputStream in) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        int b;
        while ((b = in.read()) >= 0) {
            if (b == '\n') {
                byte[] text = bytes.toByteArray();
                int length = text.length > 0 && text[text.length - 1] == '\r' ? text.length - 1 : text.length;
                return new String(text, 0, length, StandardCharsets.ISO_8859_1);
            }
            bytes.write(b);
        }
        if (bytes.size() == 0) {
            return null;
        }
        throw new EOFException("a line broke off");
    }

    private static Thread daemon(String name, Runnable work) {
        Thread thread = new Thread(work, name);
        thread.setDaemon(true);
        thread.start();
        return thread;
    }

    private void closeBoth(Socket client, Socket origin) {
        for (Socket socket : List.of(client, origin)) {
            try {
                socket.close();
            } catch (IOException e) {
                // closing anyway
            }
            sockets.remove(socket);
        }
    }

    @Override
    public void close() throws IOException, InterruptedException {
        server.close();
        for (Socket socket : sockets) {
            socket.close();
        }
        acceptor.join(10_000);
    }
}
