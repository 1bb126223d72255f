package io.pgvs3.e2e;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One HTTP/1.1 exchange over a plain socket, for requests no client library will send as written
 * (hand-signed, malformed, cut short). The request head must ask for {@code Connection: close}.
 */
public final class RawHttp {

    /**
     * An answer read to the end of the connection.
     *
     * @param headers names lower-case; repeated headers joined with ", "
     * @param body    decoded as UTF-8, HTTP chunking removed
     */
    public record Response(int status, Map<String, String> headers, String body) {
    }

    private static final Pattern CONTENT_LENGTH = Pattern.compile("(?im)^content-length:\\s*(\\d+)\\s*$");

    private RawHttp() {
    }

    public static Response exchange(URI endpoint, String head, byte[] body) throws IOException {
        return exchange(endpoint, head.getBytes(StandardCharsets.ISO_8859_1), body);
    }

    /** As {@link #exchange(URI, String, byte[])} with the head's bytes as given (e.g. UTF-8 header values). */
    public static Response exchange(URI endpoint, byte[] head, byte[] body) throws IOException {
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(head);
            out.write(body);
            out.flush();
            return parse(socket.getInputStream());
        }
    }

    /** Sends {@code request} as is and returns every byte the gateway answered until it closed. */
    public static String exchangeText(URI endpoint, String request) throws IOException {
        try (Socket socket = new Socket(endpoint.getHost(), endpoint.getPort())) {
            socket.setSoTimeout(60_000);
            OutputStream out = socket.getOutputStream();
            out.write(request.getBytes(StandardCharsets.ISO_8859_1));
            out.flush();
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    private static Response parse(InputStream in) throws IOException {
        String text = readAnswer(in);
        int end = text.indexOf("\r\n\r\n");
        String[] lines = text.substring(0, end < 0 ? text.length() : end).split("\r\n");
        Map<String, String> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.merge(lines[i].substring(0, colon).trim().toLowerCase(Locale.ROOT), lines[i].substring(colon + 1).trim(),
                        (a, b) -> a + ", " + b);
            }
        }
        String raw = end < 0 ? "" : text.substring(end + 4);
        if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            raw = dechunk(raw);
        }
        String decoded = new String(raw.getBytes(StandardCharsets.ISO_8859_1), StandardCharsets.UTF_8);
        return new Response(Integer.parseInt(lines[0].split(" ")[1]), headers, decoded);
    }

    /**
     * The answer's bytes: up to the end of its Content-Length body when it declares one (a gateway that
     * refused a request before reading its body may wait for that body until its read timeout before it
     * closes), else to the end of the connection.
     */
    private static String readAnswer(InputStream in) throws IOException {
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        byte[] buffer = new byte[8192];
        long complete = -1;
        for (int n; (complete < 0 || all.size() < complete) && (n = in.read(buffer)) >= 0; ) {
            all.write(buffer, 0, n);
            String text = all.toString(StandardCharsets.ISO_8859_1);
            int end = text.indexOf("\r\n\r\n");
            if (complete < 0 && end >= 0) {
                Matcher length = CONTENT_LENGTH.matcher(text.substring(0, end));
                if (length.find() && !text.substring(0, end).toLowerCase(Locale.ROOT).contains("transfer-encoding: chunked")) {
                    complete = end + 4 + Long.parseLong(length.group(1));
                }
            }
        }
        return all.toString(StandardCharsets.ISO_8859_1);
    }

    private static String dechunk(String raw) {
        StringBuilder out = new StringBuilder();
        int at = 0;
        while (at < raw.length()) {
            int eol = raw.indexOf("\r\n", at);
            if (eol < 0) {
                break;
            }
            String size = raw.substring(at, eol).split(";")[0].trim();
            int n = size.isEmpty() ? 0 : Integer.parseInt(size, 16);
            if (n == 0) {
                break;
            }
            out.append(raw, eol + 2, Math.min(raw.length(), eol + 2 + n));
            at = eol + 2 + n + 2;
        }
        return out.toString();
    }
}
