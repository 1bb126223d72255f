package io.pgvs3.s3.auth;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * The request's query string split into parameters, each kept both decoded (for lookups) and canonical
 * (for SigV4). It is parsed once and serves routing, authentication and the handlers.
 */
public final class RequestQuery {
    /** One parameter; {@code canonical} is {@code UriEncode(name)=UriEncode(value)}. */
    record Param(String name, String value, String canonicalName, String canonicalValue) {
    }

    private final List<Param> params;

    private final Set<String> names;

    private final boolean utf8;

    private RequestQuery(List<Param> params, boolean utf8) {
        this.params = params;
        this.utf8 = utf8;
        Set<String> seen = new HashSet<>();
        for (Param p : params) {
            seen.add(p.name());
        }
        this.names = Collections.unmodifiableSet(seen);
    }

    /** Splits {@code rawQuery} (without {@code ?}; null for none); a malformed escape stays literal. */
    public static RequestQuery parse(String rawQuery) {
        List<Param> params = new ArrayList<>();
        boolean utf8 = true;
        if (rawQuery != null && !rawQuery.isEmpty()) {
            for (String part : rawQuery.split("&", -1)) {
                if (part.isEmpty()) {
                    continue;
                }
                int eq = part.indexOf('=');
                byte[] name = UriEncoding.decode(eq < 0 ? part : part.substring(0, eq));
                byte[] value = UriEncoding.decode(eq < 0 ? "" : part.substring(eq + 1));
                utf8 = utf8 && isUtf8(name) && isUtf8(value);
                params.add(new Param(new String(name, StandardCharsets.UTF_8),
                        new String(value, StandardCharsets.UTF_8),
                        UriEncoding.encode(name), UriEncoding.encode(value)));
            }
        }
        return new RequestQuery(List.copyOf(params), utf8);
    }

    /**
     * Every name and value decodes to UTF-8. The decoded strings replace what is not with U+FFFD, so a
     * query with {@code %AE} in a prefix would otherwise list under a prefix the client never sent.
     */
    public boolean utf8() {
        return utf8;
    }

    private static boolean isUtf8(byte[] bytes) {
        try {
            StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes));
            return true;
        } catch (CharacterCodingException e) {
            return false;
        }
    }

    List<Param> all() {
        return params;
    }

    /** The decoded parameter names. */
    public Set<String> names() {
        return names;
    }

    public boolean has(String name) {
        return names.contains(name);
    }

    /** The first decoded value of {@code name} ({@code ""} for a bare name), or null if absent. */
    public String first(String name) {
        for (Param p : params) {
            if (p.name().equals(name)) {
                return p.value();
            }
        }
        return null;
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
