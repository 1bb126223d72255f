package io.pgvs3.store.origin;

import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import jakarta.json.Json;
import jakarta.json.JsonException;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.time.Duration;
import java.time.format.DateTimeParseException;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * How an origin-backed bucket reaches its origin, as {@code PUT /admin/origins/{bucket}} declares it and
 * {@code pgvs3.namespaces.origin} keeps it (normalized: every field present). Credentials are never part
 * of it, only the name of a credential set whose keys are server variables (ADR 45).
 *
 * @param endpoint           the origin's S3 endpoint; plain HTTP only on loopback
 * @param originBucket       the bucket at the origin (default: the same name)
 * @param prefix             prepended to every key at the origin ("" for none)
 * @param credentials        the credential set's name: {@code pgvs3.origin.credentials.<name>.access-key}
 * @param ttl                how long a cached object is served without asking the origin again
 * @param writeBackThreshold unconditional writes above this many bytes are acknowledged before they reach
 *                           the origin (write-back)
 * @param rangeCache         the block size in which cold ranges of large objects are cached, 0 for off
 */
public record OriginConfig(URI endpoint, String region, boolean pathStyle, String originBucket, String prefix,
                           String credentials, Duration ttl, long writeBackThreshold, long rangeCache) {

    public static final Duration DEFAULT_TTL = Duration.ofMinutes(5);
    public static final long DEFAULT_WRITE_BACK_THRESHOLD = 8L << 20;

    private static final Set<String> FIELDS = Set.of("endpoint", "region", "pathStyle", "originBucket", "prefix",
            "credentials", "ttl", "writeBackThreshold", "rangeCache");
    private static final Pattern CREDENTIALS_NAME = Pattern.compile("[a-z0-9][a-z0-9-]{0,62}");
    private static final Pattern REGION = Pattern.compile("[a-z0-9-]{1,64}");

    /**
     * The configuration of bucket {@code bucket} declared by {@code json}.
     *
     * @throws StoreException INVALID_ARGUMENT naming the field that is missing, unknown or malformed
     */
    public static OriginConfig parse(String bucket, String json) {
        JsonObject doc;
        try (var reader = Json.createReader(new StringReader(json))) {
            doc = reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw invalid("the origin document is not a JSON object: " + e.getMessage());
        }
        for (String field : doc.keySet()) {
            if (!FIELDS.contains(field)) {
                throw invalid("unknown field \"" + field + "\"; known: " + FIELDS);
            }
        }
        URI endpoint = endpoint(text(doc, "endpoint", null));
        String region = text(doc, "region", "us-east-1");
        if (!REGION.matcher(region).matches()) {
            throw invalid("region \"" + region + "\" is not a region name");
        }
        String credentials = text(doc, "credentials", null);
        if (!CREDENTIALS_NAME.matcher(credentials).matches()) {
            throw invalid("credentials \"" + credentials + "\" must be a name of lower-case letters, digits and"
                    + " dashes (it names the server variables pgvs3.origin.credentials.<name>.access-key and"
                    + " .secret-key)");
        }
        JsonValue range = doc.get("rangeCache");
        long rangeCache = range instanceof JsonString s && s.getString().equals("off")
                ? 0 : number(doc, "rangeCache", 0, 64 << 10, 64L << 20);
        return new OriginConfig(endpoint, region, flag(doc, "pathStyle", true),
                text(doc, "originBucket", bucket), text(doc, "prefix", ""), credentials,
                duration(text(doc, "ttl", DEFAULT_TTL.toString())),
                number(doc, "writeBackThreshold", DEFAULT_WRITE_BACK_THRESHOLD, 0, 5L << 30), rangeCache);
    }

    /** The normalized document, every field present, as stored and shown. */
    public String toJson() {
        JsonObjectBuilder doc = Json.createObjectBuilder()
                .add("endpoint", endpoint.toString())
                .add("region", region)
                .add("pathStyle", pathStyle)
                .add("originBucket", originBucket)
                .add("prefix", prefix)
                .add("credentials", credentials)
                .add("ttl", ttl.toString())
                .add("writeBackThreshold", writeBackThreshold);
        if (rangeCache == 0) {
            doc.add("rangeCache", "off");
        } else {
            doc.add("rangeCache", rangeCache);
        }
        return doc.build().toString();
    }

    /** The key at the origin of {@code key} here. */
    public String originKey(String key) {
        return prefix + key;
    }

    private static URI endpoint(String text) {
        URI uri;
        try {
            uri = URI.create(text);
        } catch (IllegalArgumentException e) {
            throw invalid("endpoint \"" + text + "\" is not a URI");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("https") && !scheme.equals("http") || uri.getHost() == null) {
            throw invalid("endpoint \"" + text + "\" must be an http(s) URL with a host");
        }
        if (uri.getRawQuery() != null || uri.getRawFragment() != null || uri.getRawUserInfo() != null) {
            throw invalid("endpoint \"" + text + "\" may not carry a query, fragment or user");
        }
        if (scheme.equals("http") && !isLoopback(uri.getHost())) {
            throw invalid("endpoint \"" + text + "\" is plain HTTP to a host that is not loopback: use https"
                    + " (plain HTTP only on 127.0.0.1, ::1 or localhost, as for PostgreSQL)");
        }
        return uri;
    }

    private static boolean isLoopback(String host) {
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        try {
            // a literal address only: resolving a name here would trust DNS with the transport rule
            return host.matches("[0-9.]+|\\[[0-9a-fA-F:.]+]") && InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }

    private static Duration duration(String text) {
        try {
            Duration ttl = Duration.parse(text);
            if (ttl.isNegative()) {
                throw invalid("ttl " + text + " is negative");
            }
            return ttl;
        } catch (DateTimeParseException e) {
            throw invalid("ttl \"" + text + "\" is not an ISO-8601 duration such as PT5M");
        }
    }

    private static String text(JsonObject doc, String field, String fallback) {
        JsonValue value = doc.get(field);
        if (value == null || value == JsonValue.NULL) {
            if (fallback == null) {
                throw invalid("\"" + field + "\" is required");
            }
            return fallback;
        }
        if (value instanceof JsonString s) {
            return s.getString();
        }
        throw invalid("\"" + field + "\" must be a string");
    }

    private static boolean flag(JsonObject doc, String field, boolean fallback) {
        JsonValue value = doc.get(field);
        if (value == null || value == JsonValue.NULL) {
            return fallback;
        }
        if (value == JsonValue.TRUE || value == JsonValue.FALSE) {
            return value == JsonValue.TRUE;
        }
        throw invalid("\"" + field + "\" must be true or false");
    }

    private static long number(JsonObject doc, String field, long fallback, long min, long max) {
        JsonValue value = doc.get(field);
        if (value == null || value == JsonValue.NULL) {
            return fallback;
        }
        if (!(value instanceof JsonNumber n) || !n.isIntegral() || n.longValue() < min || n.longValue() > max) {
            throw invalid("\"" + field + "\" must be a whole number of bytes from " + min + " to " + max);
        }
        return n.longValue();
    }

    private static StoreException invalid(String message) {
        return new StoreException(StoreError.INVALID_ARGUMENT, message);
    }
}
