package io.pgvs3.s3.handler;

import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlElement;
import io.pgvs3.s3.xml.XmlInputException;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/** The CompleteMultipartUpload request document, and the small result documents of multipart and copies. */
final class MultipartXml {

    private MultipartXml() {
    }

    /**
     * The part list in the client's order, with each part's {@code Checksum*} element if it has one.
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
                ChecksumAlgorithm algorithm = checksumAlgorithm(part);
                parts.add(new CompletedPart(Integer.parseInt(number), etag, algorithm,
                        algorithm == null ? null : part.childText(element(algorithm))));
            } catch (NumberFormatException e) {
                throw XmlInputException.malformed("PartNumber " + number + " is not an integer", e);
            }
        }
        if (parts.isEmpty()) {
            throw XmlInputException.malformed("the document lists no parts");
        }
        return parts;
    }

    /** The algorithm of the part's first {@code Checksum*} element, or null. */
    private static ChecksumAlgorithm checksumAlgorithm(XmlElement part) {
        for (ChecksumAlgorithm algorithm : ChecksumAlgorithm.values()) {
            if (part.child(element(algorithm)).isPresent()) {
                return algorithm;
            }
        }
        return null;
    }

    /** {@code ChecksumCRC32} and so on. */
    private static String element(ChecksumAlgorithm algorithm) {
        return "Checksum" + algorithm.name();
    }

    /** The {@code Checksum<ALGORITHM>} and {@code ChecksumType} elements of a result; none for null. */
    static XmlDocument checksum(XmlDocument xml, ObjectChecksum checksum) {
        if (checksum != null) {
            xml.element(element(checksum.algorithm()), checksum.value())
                    .element("ChecksumType", checksum.type().name());
        }
        return xml;
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
                .element("Size", part.size());
        partChecksum(xml, part.checksum()).end();
    }

    /** A part's {@code ChecksumCRC32} (or other algorithm) element, as ListParts and CopyPartResult write it. */
    static XmlDocument partChecksum(XmlDocument xml, ObjectChecksum checksum) {
        return checksum == null ? xml : xml.element(element(checksum.algorithm()), checksum.value());
    }

    static String quoted(String etag) {
        return "\"" + etag + "\"";
    }
}
