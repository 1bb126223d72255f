package io.pgvs3.s3.handler;

import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlElement;
import io.pgvs3.s3.xml.XmlInputException;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.PartInfo;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The CompleteMultipartUpload request document, and the small result documents of multipart and copies. */
final class MultipartXml {

    private MultipartXml() {
    }

    /**
     * The part list in the client's order; checksum elements are accepted and not used.
     *
     * @throws XmlInputException not a CompleteMultipartUpload document, no parts, or a part without a
     *                           number or ETag
     */
    static List<CompletedPart> completedParts(XmlElement root) {
        if (!root.name().equals("CompleteMultipartUpload")) {
            throw XmlInputException.malformed("the root element is " + root.name());
        }
        List<CompletedPart> parts = new ArrayList<>();
        for (XmlElement part : root.children("Part")) {
            String number = part.childText("PartNumber");
            String etag = part.childText("ETag");
            if (number == null || etag == null) {
                throw XmlInputException.malformed("a Part needs a PartNumber and an ETag");
            }
            try {
                parts.add(new CompletedPart(Integer.parseInt(number), etag));
            } catch (NumberFormatException e) {
                throw XmlInputException.malformed("PartNumber " + number + " is not an integer", e);
            }
        }
        if (parts.isEmpty()) {
            throw XmlInputException.malformed("the document lists no parts");
        }
        return parts;
    }

    /** CopyObjectResult or CopyPartResult. */
    static XmlDocument copyResult(String root, String etag, Instant lastModified) {
        return XmlDocument.s3(root)
                .element("LastModified", HttpDates.xml(lastModified))
                .element("ETag", quoted(etag));
    }

    /** One Part entry of ListParts. */
    static void part(XmlDocument xml, PartInfo part) {
        xml.start("Part")
                .element("PartNumber", part.partNumber())
                .element("LastModified", HttpDates.xml(part.lastModified()))
                .element("ETag", quoted(part.etag()))
                .element("Size", part.size())
                .end();
    }

    /** Initiator and Owner: this gateway has one owner. */
    static XmlDocument owner(XmlDocument xml, String element) {
        return xml.start(element).element("ID", BucketHandler.OWNER_ID).element("DisplayName", BucketHandler.OWNER_ID)
                .end();
    }

    static String quoted(String etag) {
        return "\"" + etag + "\"";
    }
}
