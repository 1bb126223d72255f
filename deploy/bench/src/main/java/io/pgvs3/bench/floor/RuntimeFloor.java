package io.pgvs3.bench.floor;

import io.pgvs3.bench.cases.Fixture;
import io.pgvs3.bench.cases.Workload;
import io.pgvs3.bench.http.HttpConnection;
import io.pgvs3.bench.http.HttpResponse;
import io.pgvs3.bench.load.Operation;
import io.pgvs3.bench.load.Outcome;
import io.pgvs3.bench.targets.HttpTarget;
import io.pgvs3.bench.targets.Target;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * One unsigned GET of the runtime floor's 4 KiB per call, on the worker's own keep-alive connection, with a
 * request head prepared once: the client's share stays below the S3 workloads' (no signing), and the server
 * does only what Liberty and JAX-RS do for any answer. Every answer must be 4,096 bytes; worker 0 first checks,
 * untimed, that they are the right bytes. The {@link Exchange#S3} form sends the headers of a signed S3 GET
 * (never verified) and gets the gateway's answer headers back: what the runtime charges for an S3 exchange's
 * heads, beside what it charges for a trivial one.
 */
public final class RuntimeFloor implements Workload {
    /** The resource's path and size, and byte {@code i} of its body ({@code deploy/runtime-floor}'s FourKiB). */
    static final String PATH = "/4k";
    static final int SIZE = 4096;

    /**
     * What travels besides the body: a bare GET and its answer ({@link #TRIVIAL}), or the heads of an S3 GET
     * and the gateway's answer headers ({@link #S3}); {@code op} names the floor in the results.
     */
    public record Exchange(String op, String path, String headers) {
        public static final Exchange TRIVIAL = new Exchange("JAXRS_GET", PATH, "");
        public static final Exchange S3 = new Exchange("JAXRS_S3_GET", PATH + "/s3", "x-amz-date: 20261205T150151Z\r\n"
                + "x-amz-content-sha256: e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855\r\n"
                + "Authorization: AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261205/us-east-1/s3/aws4_request, "
                + "SignedHeaders=host;x-amz-content-sha256;x-amz-date, "
                + "Signature=7b6020275c81616d315bb250309cbef3645070962ccf03d976eb1f5abc72dec2\r\n");
    }

    private final Exchange exchange;

    public RuntimeFloor(Exchange exchange) {
        this.exchange = exchange;
    }

    static byte expected(int i) {
        return (byte) i;
    }

    @Override
    public String op() {
        return exchange.op();
    }

    @Override
    public long size() {
        return SIZE;
    }

    @Override
    public String unit() {
        return "req";
    }

    @Override
    public boolean runsOn(Target target) {
        return target instanceof HttpTarget;
    }

    /** Nothing to prefill: the body is part of the application. */
    @Override
    public List<Fixture> fixtures() {
        return List.of();
    }

    @Override
    public Operation.Factory operations(Target target) {
        HttpTarget http = (HttpTarget) target;
        byte[] head = ("GET " + exchange.path() + " HTTP/1.1\r\nHost: " + http.hostHeader() + "\r\n"
                + exchange.headers() + "\r\n")
                .getBytes(StandardCharsets.ISO_8859_1);
        return worker -> {
            HttpConnection connection = new HttpConnection(http.host(), http.port());
            if (worker == 0) {
                check(connection, head, http, exchange.path());
            }
            return new Get(connection, head);
        };
    }

    private static void check(HttpConnection connection, byte[] head, HttpTarget target, String path)
            throws IOException {
        HttpResponse answer = new HttpResponse().captureBody();
        connection.exchange(head, null, false, answer);
        String problem = problem(answer.status(), answer.capturedBytes());
        if (problem != null) {
            connection.close();
            throw new IOException("GET " + path + " at " + target.hostHeader() + ": " + problem);
        }
    }

    /** What is wrong with an answer, or null for a 200 with exactly the floor's 4 KiB. */
    static String problem(int status, byte[] body) {
        if (status != 200) {
            return "answered " + status;
        }
        if (body.length != SIZE) {
            return "answered " + body.length + " bytes, expected " + SIZE;
        }
        for (int i = 0; i < SIZE; i++) {
            if (body[i] != expected(i)) {
                return "byte " + i + " is " + body[i] + ", expected " + expected(i);
            }
        }
        return null;
    }

    private static final class Get implements Operation {
        private final HttpConnection connection;
        private final byte[] head;
        private final HttpResponse response = new HttpResponse();

        Get(HttpConnection connection, byte[] head) {
            this.connection = connection;
            this.head = head;
        }

        /** A 200 of another length is a failed call (an I/O error in the results), never a flattering one. */
        @Override
        public void call(Outcome outcome) throws IOException {
            connection.exchange(head, null, false, response);
            if (response.ok() && response.bodyBytes() != SIZE) {
                throw new IOException("a " + response.bodyBytes() + "-byte answer");
            }
            outcome.set(response.status(), response.bodyBytes(), 1);
        }

        @Override
        public long connects() {
            return connection.connects();
        }

        @Override
        public void close() {
            connection.close();
        }
    }
}
