package io.pgvs3.s3.xml;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.property.Gen;
import io.pgvs3.property.Property;
import org.junit.jupiter.api.Test;

/**
 * The DeleteObjects reader over valid, damaged and hostile bodies: a request of 1 to 1,000 keyed objects or
 * its MalformedException (MalformedXML), nothing else, and no entity's text in a key.
 */
class DeleteRequestReaderPropertyTest {

    @Test
    void anyBodyIsADeleteRequestWithinTheLimitsOrMalformed() {
        Gen<byte[]> bodies = Gen.oneOf(XmlInputs.anyDocument(), manyObjects());
        Property.forAll(bodies).tries(2000).maxAllocatedBytesPerTry(XmlReaderPropertyTest.PARSE_ALLOCATION_CAP)
                .check(body -> {
                    DeleteRequest request;
                    try {
                        request = DeleteRequestReader.read(body);
                    } catch (DeleteRequestReader.MalformedException e) {
                        return;
                    }
                    assertTrue(request.objects().size() >= 1 && request.objects().size() <= DeleteRequestReader.MAX_OBJECTS);
                    for (DeleteRequest.Entry entry : request.objects()) {
                        assertNotNull(entry.key());
                        assertFalse(entry.key().contains(XmlInputs.LEAK_MARKER), "an entity read a file");
                    }
                });
    }

    /** Just under, at and over the 1,000-object limit. */
    private static Gen<byte[]> manyObjects() {
        return random -> {
            int count = DeleteRequestReader.MAX_OBJECTS - 2 + random.nextInt(5);
            return ("<Delete>" + "<Object><Key>k</Key></Object>".repeat(count) + "</Delete>")
                    .getBytes(java.nio.charset.StandardCharsets.UTF_8);
        };
    }
}
