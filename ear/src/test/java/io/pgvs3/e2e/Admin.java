package io.pgvs3.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** {@code /admin/*} on a gateway's management port. */
final class Admin {

    private static final HttpClient HTTP = HttpClient.newHttpClient();

    private Admin() {
    }

    /** GET with HTTP Basic {@code user:password}, or without credentials when {@code user} is null. */
    static HttpResponse<String> get(String base, String path, String accept, String user, String password)
            throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + path)).GET().header("Accept", accept);
        if (user != null) {
            request.header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                    (user + ":" + password).getBytes(StandardCharsets.UTF_8)));
        }
        return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** {@code method} (PUT, GET, DELETE) of {@code path} with {@code body} (or none), as the stack's admin. */
    static HttpResponse<String> send(int gateway, String method, String path, String body)
            throws IOException, InterruptedException {
        return send(Stack.adminEndpoint(gateway), Stack.accessKey(), Stack.secretKey(), method, path, body);
    }

    /** {@code method} of {@code path} on the management port at {@code base}, as {@code user}. */
    static HttpResponse<String> send(String base, String user, String password, String method, String path,
            String body) throws IOException, InterruptedException {
        HttpRequest request = HttpRequest.newBuilder(URI.create(base + path))
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body))
                .header("Content-Type", "application/json")
                .header("Authorization", "Basic " + Base64.getEncoder().encodeToString(
                        (user + ":" + password).getBytes(StandardCharsets.UTF_8)))
                .build();
        return HTTP.send(request, HttpResponse.BodyHandlers.ofString());
    }

    /** The stat JSON of {@code gateway}, with the stack's credentials. */
    static String stat(int gateway) throws IOException, InterruptedException {
        HttpResponse<String> response = get(Stack.adminEndpoint(gateway), "/admin/stat", "application/json",
                Stack.accessKey(), Stack.secretKey());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("GET /admin/stat answered " + response.statusCode() + ": " + response.body());
        }
        return response.body();
    }

    /** A number field of the first object in {@code json} that has it, e.g. {@code pinnedSkips}. */
    static long number(String json, String field) {
        Matcher m = Pattern.compile("\"" + Pattern.quote(field) + "\":(-?[0-9]+)").matcher(json);
        if (!m.find()) {
            throw new IllegalStateException("no " + field + " in " + json);
        }
        return Long.parseLong(m.group(1));
    }

    /** The JSON object of namespace {@code name} in a stat document (namespaces hold no nested objects). */
    static String namespace(String json, String name) {
        int start = json.indexOf("{\"name\":\"" + name + "\"");
        if (start < 0) {
            throw new IllegalStateException("no namespace " + name + " in " + json);
        }
        return json.substring(start, json.indexOf('}', start) + 1);
    }

    /** {@code field} summed over both gateways' maintenance counters. */
    static long maintenanceTotal(String field) throws IOException, InterruptedException {
        return number(stat(0), field) + number(stat(1), field);
    }
}
