package io.pgvs3.s3.route;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;

import io.pgvs3.property.Gen;
import io.pgvs3.property.Property;
import io.pgvs3.property.Text;
import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.error.S3Exception;
import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * The router and its strict percent-decoding over arbitrary requests: every request gets an operation or
 * InvalidURI, and a raw path decodes exactly when it is UTF-8 written with {@code %XX} escapes of ASCII
 * hex digits (an oracle that decodes independently), to what it encodes.
 */
class RoutePropertyTest {

    /** Escape material, including digits that are not ASCII (fullwidth, Arabic-Indic) and lone surrogates. */
    private static final Gen<String> RAW = Gen.oneOf(Text.any(40),
            Text.from("%%%0123456789abcdefABCDEFgG/+ \u00e9\u20ac\uff10\uff21\u0663\ud83d\ude00\ud800", 40));

    @Test
    void everyRequestRoutesOrIsInvalidUri() {
        Gen<RouteRequest> requests = random -> {
            Set<String> query = random.nextBoolean() ? Set.of() : Set.of(Gen.element("uploads", "uploadId", "partNumber",
                    "delete", "location", "tagging", "acl", "list-type", "versioning", "").next(random));
            boolean copy = random.nextBoolean();
            return new RouteRequest(Gen.element("GET", "PUT", "HEAD", "DELETE", "POST", "PATCH", "").next(random),
                    "/" + RAW.next(random), query, name -> copy && name.equals("x-amz-copy-source"));
        };
        Property.forAll(requests).tries(2000).check(request -> {
            try {
                assertNotNull(S3Router.route(request).operation());
            } catch (S3Exception e) {
                assertEquals(S3ErrorCode.INVALID_URI, e.code());
            }
        });
    }

    @Test
    void aRawPathDecodesExactlyAsTheStrictOracleSays() {
        Property.forAll(RAW).tries(2000).check(raw -> {
            String expected = strictDecode(raw);
            try {
                assertEquals(expected, PathParts.decode(raw));
            } catch (S3Exception e) {
                assertEquals(null, expected, "refused a valid path");
                assertEquals(S3ErrorCode.INVALID_URI, e.code());
            }
        });
    }

    @Test
    void anyWellFormedTextSurvivesPercentEncoding() {
        Property.forAll(RAW.map(RoutePropertyTest::wellFormed)).tries(1000)
                .check(text -> assertEquals(text, PathParts.decode(percentEncoded(text))));
    }

    /** The decoded text, or null where S3 answers InvalidURI. */
    private static String strictDecode(String raw) {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                if (i + 2 >= raw.length() || !isAsciiHex(raw.charAt(i + 1)) || !isAsciiHex(raw.charAt(i + 2))) {
                    return null;
                }
                bytes.write(Integer.parseInt(raw.substring(i + 1, i + 3), 16));
                i += 2;
            } else {
                int end = Character.isHighSurrogate(c) && i + 1 < raw.length() && Character.isLowSurrogate(raw.charAt(i + 1))
                        ? i + 2 : i + 1;
                if (Character.isSurrogate(c) && end == i + 1) {
                    return null; // a lone surrogate is no character at all
                }
                bytes.writeBytes(raw.substring(i, end).getBytes(StandardCharsets.UTF_8));
                i = end - 1;
            }
        }
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .decode(ByteBuffer.wrap(bytes.toByteArray())).toString();
        } catch (CharacterCodingException e) {
            return null;
        }
    }

    private static boolean isAsciiHex(char c) {
        return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }

    private static String wellFormed(String text) {
        return new String(text.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
    }

    private static String percentEncoded(String text) {
        StringBuilder out = new StringBuilder();
        for (byte b : text.getBytes(StandardCharsets.UTF_8)) {
            out.append(String.format("%%%02X", b & 0xff));
        }
        return out.toString();
    }
}
