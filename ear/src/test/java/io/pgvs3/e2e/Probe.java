package io.pgvs3.e2e;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.function.Predicate;

/**
 * Plain GETs of a gateway's endpoints, and polling one until a condition holds. A request that gets no
 * answer (nothing listens, or Liberty holds requests while it waits for a port) counts as no response.
 */
final class Probe {

    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    private Probe() {
    }

    /** The response, or null when there was none. */
    static HttpResponse<String> get(URI uri) throws InterruptedException {
        try {
            return HTTP.send(HttpRequest.newBuilder(uri).timeout(Duration.ofSeconds(10)).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            return null;
        }
    }

    /** Polls {@code uri} until a response satisfies {@code done}, failing with the last one after {@code within}. */
    static HttpResponse<String> await(URI uri, Predicate<HttpResponse<String>> done, Duration within, String what)
            throws InterruptedException {
        long deadline = System.nanoTime() + within.toNanos();
        HttpResponse<String> last = null;
        while (System.nanoTime() < deadline) {
            HttpResponse<String> response = get(uri);
            if (response != null && done.test(response)) {
                return response;
            }
            last = response != null ? response : last;
            Thread.sleep(500);
        }
        return fail(what + " within " + within + "; last answer of " + uri + ": "
                + (last == null ? "none" : last.statusCode() + " " + last.body()));
    }
}
