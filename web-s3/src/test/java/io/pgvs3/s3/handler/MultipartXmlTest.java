package io.pgvs3.s3.handler;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.s3.xml.XmlInputException;
import io.pgvs3.s3.xml.XmlReader;
import io.pgvs3.store.api.CompletedPart;
import io.pgvs3.store.api.checksum.ChecksumAlgorithm;
import io.pgvs3.store.api.checksum.ChecksumType;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class MultipartXmlTest {

    private static List<CompletedPart> parts(String xml) {
        return MultipartXml.completedParts(XmlReader.parse(xml.getBytes(StandardCharsets.UTF_8)));
    }

    @Test
    void readsThePartsInTheClientsOrderWithTheirChecksums() {
        List<CompletedPart> parts = parts("<CompleteMultipartUpload xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
                + "<Part><ETag>\"b\"</ETag><PartNumber>2</PartNumber><ChecksumCRC32>AAAAAA==</ChecksumCRC32></Part>"
                + "<Part><PartNumber>1</PartNumber><ETag>a</ETag></Part></CompleteMultipartUpload>");
        assertEquals(List.of(new CompletedPart(2, "\"b\"", ChecksumAlgorithm.CRC32, "AAAAAA=="), new CompletedPart(1, "a")),
                parts);
    }

    @Test
    void theResultCarriesTheObjectChecksumAndItsType() {
        String xml = new String(MultipartXml.checksum(XmlDocument.s3("R"), new ObjectChecksum(ChecksumAlgorithm.CRC32C,
                ChecksumType.COMPOSITE, "AAAAAA==-2")).toBytes(), StandardCharsets.UTF_8);
        assertTrue(xml.contains("<ChecksumCRC32C>AAAAAA==-2</ChecksumCRC32C><ChecksumType>COMPOSITE</ChecksumType>"),
                xml);
    }

    @Test
    void documentsThatAreNotAPartListAreMalformed() {
        for (String xml : List.of("<Other><Part><PartNumber>1</PartNumber><ETag>a</ETag></Part></Other>",
                "<CompleteMultipartUpload/>",
                "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber></Part></CompleteMultipartUpload>",
                "<CompleteMultipartUpload><Part><ETag>a</ETag></Part></CompleteMultipartUpload>",
                "<CompleteMultipartUpload><Part><PartNumber>one</PartNumber><ETag>a</ETag></Part>"
                        + "</CompleteMultipartUpload>")) {
            assertThrows(XmlInputException.class, () -> parts(xml), xml);
        }
    }
}
