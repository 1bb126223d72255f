package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.property.Property;
import io.pgvs3.s3.xml.XmlElement;
import io.pgvs3.s3.xml.XmlInputException;
import io.pgvs3.s3.xml.XmlInputs;
import io.pgvs3.s3.xml.XmlReader;
import io.pgvs3.store.api.CompletedPart;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * What the handlers make of any parsed request document: CompleteMultipartUpload gives a non-empty part
 * list or MalformedXML, the ACL check gives a yes or no; neither throws anything else.
 */
class RequestDocumentPropertyTest {

    @Test
    void completedPartsAreAListOrMalformedXml() {
        Property.forAll(XmlInputs.anyDocument()).tries(1000).check(body -> {
            List<CompletedPart> parts;
            try {
                parts = MultipartXml.completedParts(XmlReader.parse(body));
            } catch (XmlInputException e) {
                assertFalse(e.tooLarge());
                return;
            }
            assertFalse(parts.isEmpty());
            parts.forEach(part -> assertTrue(part.etag() != null));
        });
    }

    @Test
    void theAclCheckAnswersForAnyDocument() {
        Property.forAll(XmlInputs.anyDocument()).tries(1000).check(body -> {
            XmlElement policy;
            try {
                policy = XmlReader.parse(body);
            } catch (XmlInputException e) {
                return;
            }
            SingleOwner.grantsOwnerFullControlOnly(policy);
        });
    }
}
