package io.pgvs3.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.pgvs3.property.Gen;
import io.pgvs3.property.Property;
import io.pgvs3.property.Text;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * If-Match, If-None-Match and the date conditions over arbitrary header text never throw, and behave as
 * RFC 9110 says where it is simple to state: a list naming the ETag matches, one without it does not, an
 * HTTP-date written by the gateway reads back, and a matching If-Match outranks If-Unmodified-Since.
 */
class ConditionalHeaderPropertyTest {

    private static final String ETAG = "9b2cf535f27731c974343645a3985328";
    private static final Instant MODIFIED = Instant.parse("2024-03-01T12:00:00.750Z");

    private static final Gen<String> HEADER_TEXT = Gen.oneOf(Text.any(60),
            Text.from("\"W/*, ,abc0123456789" + ETAG.substring(0, 4), 60),
            Text.from("MonTueFriJanFebDec, 0123456789:GMT-", 40));

    private record Headers(String ifMatch, String ifNoneMatch, String ifModifiedSince, String ifUnmodifiedSince) {
    }

    @Test
    void anyHeaderTextIsEvaluatedWithoutThrowing() {
        Gen<String> maybe = random -> random.nextInt(3) == 0 ? null : HEADER_TEXT.next(random);
        Gen<Headers> headers = random -> new Headers(maybe.next(random), maybe.next(random), maybe.next(random),
                maybe.next(random));
        Property.forAll(headers).tries(2000).check(h -> Preconditions.evaluate(
                new Preconditions.Headers(h.ifMatch(), h.ifNoneMatch(), h.ifModifiedSince(), h.ifUnmodifiedSince()),
                ETAG, MODIFIED));
    }

    @Test
    void aTagListMatchesExactlyWhenItNamesTheEtag() {
        Gen<List<String>> others = random -> {
            List<String> tags = new ArrayList<>();
            for (int i = random.nextInt(4); i > 0; i--) {
                tags.add(spelled(random, Long.toHexString(random.nextLong()), random.nextBoolean()));
            }
            return tags;
        };
        Property.forAll(random -> {
            List<String> tags = others.next(random);
            boolean named = random.nextBoolean();
            boolean weak = random.nextBoolean();
            if (named) {
                tags.add(random.nextInt(tags.size() + 1), spelled(random, ETAG, weak));
            }
            return new Object[] {String.join(random.nextBoolean() ? "," : " , ", tags), named, weak};
        }).tries(1000).check(c -> {
            String header = (String) c[0];
            boolean named = (boolean) c[1];
            boolean weak = (boolean) c[2];
            assertEquals(named, EntityTags.matches(header, ETAG, true), "weak comparison of " + header);
            assertEquals(named && !weak, EntityTags.matches(header, ETAG, false), "strong comparison of " + header);
        });
    }

    @Test
    void anHttpDateTheGatewayWritesReadsBackToTheSecond() {
        Property.forAll(random -> Instant.ofEpochSecond(Math.floorMod(random.nextLong(), 253_402_300_800L),
                random.nextInt(1_000_000_000))).tries(1000).check(instant ->
                assertEquals(instant.truncatedTo(ChronoUnit.SECONDS), HttpDates.parse(HttpDates.header(instant))));
    }

    @Test
    void aMatchingIfMatchOutranksAnyIfUnmodifiedSince() {
        Property.forAll(HEADER_TEXT).tries(1000).check(since -> {
            Preconditions.Result result = Preconditions.evaluate(
                    new Preconditions.Headers("\"" + ETAG + "\"", null, null, since), ETAG, MODIFIED);
            assertEquals(Preconditions.Outcome.PROCEED, result.outcome());
        });
    }

    @Test
    void aMatchingIfNoneMatchIsNotModifiedWhateverIfModifiedSinceSays() {
        Property.forAll(HEADER_TEXT).tries(1000).check(since -> {
            Preconditions.Result result = Preconditions.evaluate(
                    new Preconditions.Headers(null, "W/\"" + ETAG + "\"", since, null), ETAG, MODIFIED);
            assertEquals(Preconditions.Outcome.NOT_MODIFIED, result.outcome());
            assertEquals("If-None-Match", result.condition());
        });
    }

    @Test
    void aDateThatDoesNotParseDecidesNothing() {
        Property.forAll(HEADER_TEXT).tries(1000).check(text -> {
            if (HttpDates.parse(text) == null) {
                assertEquals(Preconditions.Outcome.PROCEED, Preconditions.evaluate(
                        new Preconditions.Headers(null, null, text, text), ETAG, MODIFIED).outcome());
            }
        });
    }

    /** A tag as clients write it: quoted or bare, maybe weak, with blanks around. */
    private static String spelled(java.util.Random random, String tag, boolean weak) {
        String quoted = random.nextInt(4) == 0 ? tag : "\"" + tag + "\"";
        return (random.nextBoolean() ? " " : "") + (weak ? "W/" : "") + quoted;
    }
}
