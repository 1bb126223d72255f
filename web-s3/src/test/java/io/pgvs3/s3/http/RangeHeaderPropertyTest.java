package io.pgvs3.s3.http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.property.Gen;
import io.pgvs3.property.Property;
import io.pgvs3.property.Text;
import io.pgvs3.store.api.ByteRange;
import java.math.BigInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * Range headers against an object's size: any header gives the whole object, a slice inside it, or 416;
 * and headers of the single-range grammar resolve exactly as RFC 9110 §14 and S3 say, by an oracle that
 * computes in unbounded integers.
 */
class RangeHeaderPropertyTest {

    private static final Pattern SINGLE_RANGE = Pattern.compile("(\\d*)[ \\t]*-[ \\t]*(\\d*)");

    private record Case(String header, long size) {
    }

    @Test
    void anyHeaderGivesTheWholeObjectASliceInsideItOr416() {
        Gen<Case> cases = random -> new Case(random.nextInt(8) == 0 ? Text.any(40).next(random) : header().next(random),
                size().next(random));
        Property.forAll(cases).tries(2000).check(c -> {
            RangeHeader.Resolution resolution = RangeHeader.resolve(c.header(), c.size());
            ByteRange range = resolution.range();
            if (range != null) {
                assertTrue(!resolution.unsatisfiable() && range.first() >= 0 && range.first() <= range.last()
                        && range.last() < c.size(), range + " of " + c.size());
            }
        });
    }

    /** What coversEveryObject promises: such a header reads all of every object, or 416 of an empty one. */
    @Test
    void aHeaderThatCoversEveryObjectResolvesToAllOfEachOne() {
        Gen<Case> cases = random -> new Case(random.nextInt(8) == 0 ? Text.any(40).next(random) : header().next(random),
                size().next(random));
        Property.forAll(cases).tries(4000).check(c -> {
            if (!RangeHeader.coversEveryObject(c.header())) {
                return;
            }
            RangeHeader.Resolution resolution = RangeHeader.resolve(c.header(), c.size());
            ByteRange range = resolution.range();
            if (resolution.unsatisfiable()) {
                assertEquals(0, c.size(), "416 only for an empty object: " + c);
            } else {
                assertTrue(range == null || range.first() == 0 && range.last() == c.size() - 1, range + " of " + c);
            }
        });
    }

    @Test
    void headersResolveAsTheRfcOracleSays() {
        Gen<Case> cases = random -> new Case(header().next(random), size().next(random));
        Property.forAll(cases).tries(2000).check(c ->
                assertEquals(oracle(c.header(), c.size()), RangeHeader.resolve(c.header(), c.size()), c.toString()));
    }

    /** Mostly the single-range grammar with its edge values; now and then a stray character or a list. */
    private static Gen<String> header() {
        Gen<String> number = Gen.oneOf(random -> Integer.toString(random.nextInt(130)), random -> "",
                random -> "0" + random.nextInt(100), random -> "0".repeat(15 + random.nextInt(10)) + random.nextInt(100),
                random -> Long.toString(Long.MAX_VALUE - random.nextInt(3)),
                random -> "9".repeat(19 + random.nextInt(6)), random -> "1" + "0".repeat(18 + random.nextInt(6)));
        Gen<String> blank = Gen.element("", "", " ", "\t", "  ");
        Gen<String> unit = Gen.element("bytes=", "bytes=", "BYTES=", "Bytes=", "bytes =", "items=", "bytes", "");
        Gen<String> junk = Gen.element("", "", "", "", ",", ",0-1", "x", "-", "=");
        return random -> blank.next(random) + unit.next(random) + blank.next(random) + number.next(random)
                + blank.next(random) + (random.nextInt(10) == 0 ? "" : "-") + blank.next(random) + number.next(random)
                + junk.next(random) + blank.next(random);
    }

    private static Gen<Long> size() {
        return Gen.oneOf(random -> (long) random.nextInt(3), random -> (long) random.nextInt(128),
                random -> Long.MAX_VALUE - random.nextInt(3));
    }

    /** RFC 9110: an invalid or multi-range header is ignored; a valid one is 416 when no byte of it exists. */
    private static RangeHeader.Resolution oracle(String header, long size) {
        String value = header.strip();
        if (!value.regionMatches(true, 0, "bytes=", 0, 6)) {
            return RangeHeader.Resolution.WHOLE;
        }
        Matcher m = SINGLE_RANGE.matcher(value.substring(6).strip());
        if (!m.matches() || m.group(1).isEmpty() && m.group(2).isEmpty()) {
            return RangeHeader.Resolution.WHOLE;
        }
        BigInteger objectSize = BigInteger.valueOf(size);
        if (m.group(1).isEmpty()) {
            BigInteger suffix = new BigInteger(m.group(2));
            if (suffix.signum() == 0 || size == 0) {
                return RangeHeader.Resolution.UNSATISFIABLE;
            }
            return slice(objectSize.subtract(suffix).max(BigInteger.ZERO), objectSize);
        }
        BigInteger first = new BigInteger(m.group(1));
        if (!m.group(2).isEmpty() && new BigInteger(m.group(2)).compareTo(first) < 0) {
            return RangeHeader.Resolution.WHOLE;
        }
        if (first.compareTo(objectSize) >= 0) {
            return RangeHeader.Resolution.UNSATISFIABLE;
        }
        BigInteger end = m.group(2).isEmpty() ? objectSize : new BigInteger(m.group(2)).add(BigInteger.ONE).min(objectSize);
        return slice(first, end);
    }

    private static RangeHeader.Resolution slice(BigInteger first, BigInteger endExclusive) {
        return new RangeHeader.Resolution(new ByteRange(first.longValueExact(),
                endExclusive.subtract(BigInteger.ONE).longValueExact()), false);
    }
}
