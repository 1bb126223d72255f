package io.pgvs3.s3.auth;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.property.Bytes;
import io.pgvs3.property.Gen;
import io.pgvs3.property.Property;
import io.pgvs3.property.Text;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * SigV4 over bent and arbitrary requests: AWS's example requests verify, and changing any one character
 * of what they sign (method, path, query, a header value, the Authorization header) makes them fail with
 * an AuthException; an arbitrary request verifies or fails with one, never another exception; and the
 * canonical forms obey the algebra SigV4 relies on (UriEncode inverts, parameter order does not matter).
 */
class SigV4PropertyTest {

    private final SigV4Verifier verifier = new SigV4Verifier(AwsExamples.store(), Duration.ofMinutes(15), "us-east-1");

    private static final List<AwsExamples.Req> EXAMPLES = List.of(AwsExamples.getObject(), AwsExamples.putObject(),
            AwsExamples.getLifecycle(), AwsExamples.listObjects(), AwsExamples.presignedGet(), AwsExamples.chunkedPut(),
            AwsExamples.chunkedPutWithTrailer(), AwsExamples.unsignedTrailerPut());

    /** Printable ASCII, a few controls and non-ASCII characters: what a replaced character may become. */
    private static final String REPLACEMENTS = " !\"#$%&'()*+,-./0123456789:;<=>?@ABCDEFGHIJKLMNOPQRSTUVWXYZ[\\]^_`"
            + "abcdefghijklmnopqrstuvwxyz{|}~\t\r\n\u0000\u00e9\u20ac\ud800";

    @Test
    void theExamplesVerify() {
        EXAMPLES.forEach(example -> verifier.verify(example.build()));
    }

    @Test
    void changingAnySignedCharacterFailsVerification() {
        Property.forAll(SigV4PropertyTest::bentExample).tries(2000).check(request ->
                assertThrows(AuthException.class, () -> verifier.verify(request), "a bent request verified"));
    }

    @Test
    void anyRequestVerifiesOrFailsWithAnAuthException() {
        Property.forAll(SigV4PropertyTest::arbitraryRequest).tries(2000).check(request -> {
            try {
                verifier.verify(request);
            } catch (AuthException e) {
                assertTrue(e.failure().httpStatus() == 400 || e.failure().httpStatus() == 403, e.toString());
            }
        });
    }

    @Test
    void uriEncodingRoundTripsAnyBytes() {
        Property.forAll(Bytes.noise(200)).tries(1000).check(bytes -> {
            String encoded = UriEncoding.encode(bytes);
            assertTrue(encoded.matches("([A-Za-z0-9._~-]|%[0-9A-F]{2})*"), encoded);
            assertArrayEquals(bytes, UriEncoding.decode(encoded));
        });
    }

    @Test
    void theCanonicalQueryIgnoresParameterOrder() {
        Gen<String> query = Text.from("ab=&%2F0+~ xX-Amz", 60);
        Property.forAll(random -> new Object[] {query.next(random), random.nextLong()}).tries(1000).check(c -> {
            String raw = (String) c[0];
            List<String> parts = new ArrayList<>(Arrays.asList(raw.split("&", -1)));
            Collections.shuffle(parts, new Random((long) c[1]));
            assertEquals(CanonicalRequest.canonicalQuery(RequestQuery.parse(raw), null),
                    CanonicalRequest.canonicalQuery(RequestQuery.parse(String.join("&", parts)), null));
        });
    }

    @Test
    void anyPathAndQueryHaveACanonicalForm() {
        Property.forAll(Text.any(80)).tries(1000).check(text -> {
            CanonicalRequest.canonicalUri(text);
            CanonicalRequest.canonicalQuery(RequestQuery.parse(text), PresignedAuth.SIGNATURE_PARAM);
        });
    }

    /**
     * One example with one non-blank character of a signed part replaced by another (never its other case:
     * {@code %2f} and {@code %2F} rightly sign alike).
     */
    private static SignedRequest bentExample(Random random) {
        AwsExamples.Req example = EXAMPLES.get(random.nextInt(EXAMPLES.size()));
        String method = example.method();
        String path = example.path();
        String query = example.rawQuery();
        Map<String, List<String>> headers = new LinkedHashMap<>(example.headers());
        int part = random.nextInt(6);
        if (part == 0) {
            method = bend(random, method, "");
        } else if (part == 1) {
            path = bend(random, path, "");
        } else if (part == 2 && query != null) {
            query = bend(random, query, "");
        } else {
            List<String> signed = signedHeaders(example);
            String name = signed.get(random.nextInt(signed.size()));
            // Authorization's components may be parted by commas or blanks alike (HeaderAuth), so its commas stay
            headers.put(name, List.of(bend(random, headers.get(name).get(0), name.equals("authorization") ? "," : "")));
        }
        return example.build(method, path, query, headers);
    }

    /** The headers whose change must break the signature: those it lists, and Authorization itself. */
    private static List<String> signedHeaders(AwsExamples.Req example) {
        List<String> authorization = example.headers().get("authorization");
        if (authorization == null) {
            return List.of("host"); // presigned: X-Amz-SignedHeaders=host
        }
        List<String> names = new ArrayList<>(signedList(authorization.get(0)));
        names.add("authorization");
        return names;
    }

    private static List<String> signedList(String authorization) {
        String rest = authorization.substring(authorization.indexOf("SignedHeaders=") + 14);
        return List.of(rest.substring(0, rest.indexOf(',')).split(";"));
    }

    private static String bend(Random random, String text, String kept) {
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < text.length(); i++) {
            if (!Character.isWhitespace(text.charAt(i)) && kept.indexOf(text.charAt(i)) < 0) {
                positions.add(i);
            }
        }
        int at = positions.get(random.nextInt(positions.size()));
        char old = text.charAt(at);
        char replacement;
        do {
            replacement = REPLACEMENTS.charAt(random.nextInt(REPLACEMENTS.length()));
        } while (Character.toLowerCase(replacement) == Character.toLowerCase(old));
        return text.substring(0, at) + replacement + text.substring(at + 1);
    }

    /** Requests made of the parts verification reads, each drawn from noise, the grammar or a bent example. */
    private static SignedRequest arbitraryRequest(Random random) {
        Gen<String> text = Gen.oneOf(Text.any(60), Text.from("AWS4-HMAC-SHA256 Credential=/, SignedHeaders=;"
                + "Signature=0123456789abcdefT Zus-east-1s3aws4_request", 120));
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (String name : List.of("authorization", "host", "x-amz-date", "date", "x-amz-content-sha256",
                "x-amz-decoded-content-length", "X-Amz-Meta-A")) {
            if (random.nextBoolean()) {
                List<String> values = new ArrayList<>();
                for (int i = random.nextInt(4) == 0 ? 2 : 1; i > 0; i--) {
                    values.add(text.next(random));
                }
                headers.put(name, values);
            }
        }
        if (random.nextBoolean()) {
            headers.put("x-amz-date", List.of(random.nextBoolean() ? "20130524T000000Z" : text.next(random)));
            headers.put("x-amz-content-sha256", List.of(Gen.element("UNSIGNED-PAYLOAD", AwsExamples.EMPTY_SHA256,
                    "STREAMING-AWS4-HMAC-SHA256-PAYLOAD", "STREAMING-AWS4-ECDSA-P256-SHA256-PAYLOAD", "zz").next(random)));
        }
        String query = random.nextBoolean() ? null : Gen.oneOf(Text.any(80), Text.from(
                "X-Amz-AlgorithmCredentialDateExpiresSignedHeadersSignature=&AWS4-HMAC-SHA256%2F0123456789", 200),
                r -> AwsExamples.PRESIGNED_QUERY.replace(Character.forDigit(r.nextInt(10), 10),
                        Character.forDigit(r.nextInt(10), 10))).next(random);
        return SignedRequest.of(Gen.element("GET", "PUT", "", "get", "\u0000").next(random), text.next(random), query,
                headers, AwsExamples.EXAMPLE_TIME);
    }
}
