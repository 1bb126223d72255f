package io.pgvs3.s3.auth;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/** The raw query split into parameters, each kept both decoded (for lookups) and canonical. */
final class QueryParams {
    /** One parameter; {@code canonical} is {@code UriEncode(name)=UriEncode(value)}. */
    record Param(String name, String value, String canonicalName, String canonicalValue) {
    }

    private final List<Param> params;

    private QueryParams(List<Param> params) {
        this.params = params;
    }

    static QueryParams parse(String rawQuery) {
        List<Param> params = new ArrayList<>();
        if (rawQuery != null && !rawQuery.isEmpty()) {
            for (String part : rawQuery.split("&", -1)) {
                if (part.isEmpty()) {
                    continue;
                }
                int eq = part.indexOf('=');
                byte[] name = UriEncoding.decode(eq < 0 ? part : part.substring(0, eq));
                byte[] value = UriEncoding.decode(eq < 0 ? "" : part.substring(eq + 1));
                params.add(new Param(new String(name, StandardCharsets.UTF_8),
                        new String(value, StandardCharsets.UTF_8),
                        UriEncoding.encode(name), UriEncoding.encode(value)));
            }
        }
        return new QueryParams(List.copyOf(params));
    }

    List<Param> all() {
        return params;
    }

    boolean has(String name) {
        return params.stream().anyMatch(p -> p.name().equals(name));
    }

    /** The single value of {@code name}; null if absent; a repeated auth parameter is an error. */
    String single(String name, AuthFailure ifRepeated) {
        String found = null;
        for (Param p : params) {
            if (p.name().equals(name)) {
                if (found != null) {
                    throw new AuthException(ifRepeated, "Parameter " + name + " is repeated.");
                }
                found = p.value();
            }
        }
        return found;
    }
}
