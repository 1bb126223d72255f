package io.pgvs3.e2e;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** One scrape of a gateway's Prometheus text at /metrics, queried by name and labels. */
public final class Scrape {

    private static final Pattern SAMPLE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})?\\s+(\\S+)$");
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]|\\\\.)*)\"");

    private record Sample(String name, Map<String, String> labels, double value) {
    }

    private final List<Sample> samples = new ArrayList<>();
    private final String text;

    private Scrape(String text) {
        this.text = text;
        for (String line : text.split("\n")) {
            Matcher m = SAMPLE.matcher(line.trim());
            if (line.startsWith("#") || !m.matches()) {
                continue;
            }
            Map<String, String> labels = new HashMap<>();
            if (m.group(2) != null) {
                Matcher label = LABEL.matcher(m.group(2));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            samples.add(new Sample(m.group(1), labels, Double.parseDouble(m.group(3))));
        }
    }

    public static Scrape of(String adminEndpoint) throws IOException, InterruptedException {
        HttpResponse<String> response = HttpClient.newHttpClient().send(
                HttpRequest.newBuilder(URI.create(adminEndpoint + "/metrics")).GET().build(),
                HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("/metrics answered " + response.statusCode());
        }
        return new Scrape(response.body());
    }

    /** Scrapes until the value of {@code name} with {@code labels} differs from {@code before} (at most 10 s). */
    public static Scrape awaitChange(String adminEndpoint, Scrape before, String name, String... labels)
            throws IOException, InterruptedException {
        long deadline = System.nanoTime() + 10_000_000_000L;
        Scrape scrape = of(adminEndpoint);
        while (scrape.value(name, labels) == before.value(name, labels) && System.nanoTime() < deadline) {
            Thread.sleep(100);
            scrape = of(adminEndpoint);
        }
        return scrape;
    }

    /** The sum of the samples called {@code name} whose labels include every {@code key=value} given. */
    public double value(String name, String... labels) {
        return samples.stream().filter(s -> s.name.equals(name) && matches(s, labels)).mapToDouble(Sample::value).sum();
    }

    boolean has(String name, String... labels) {
        return samples.stream().anyMatch(s -> s.name.equals(name) && matches(s, labels));
    }

    /** Every sample name, for checking the naming rule. */
    List<String> names() {
        return samples.stream().map(Sample::name).distinct().toList();
    }

    @Override
    public String toString() {
        return text;
    }

    private static boolean matches(Sample sample, String... labels) {
        for (String pair : labels) {
            int eq = pair.indexOf('=');
            if (!pair.substring(eq + 1).equals(sample.labels.get(pair.substring(0, eq)))) {
                return false;
            }
        }
        return true;
    }
}
