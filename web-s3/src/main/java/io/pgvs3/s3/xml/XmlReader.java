package io.pgvs3.s3.xml;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Hardened reader of request documents (CompleteMultipartUpload and the like): the body is read up to a
 * size cap, then parsed by StAX with DTDs, external entities and entity expansion off; a document
 * type declaration or entity reference fails the parse. The result is a small element tree.
 */
public final class XmlReader {

    /** Enough for 10,000 parts with a checksum each and generous whitespace. */
    public static final int MAX_DOCUMENT_BYTES = 2 * 1024 * 1024;

    static final int MAX_DEPTH = 16;

    private static final XMLInputFactory FACTORY = hardenedFactory();

    private XmlReader() {
    }

    /**
     * Reads the whole body, refusing more than {@code maxBytes}.
     *
     * @throws XmlInputException too large
     * @throws IOException       the body could not be read
     */
    public static byte[] readBody(InputStream body, int maxBytes) throws IOException {
        byte[] bytes = body.readNBytes(maxBytes + 1);
        if (bytes.length > maxBytes) {
            throw XmlInputException.tooLarge(maxBytes);
        }
        return bytes;
    }

    /** @throws XmlInputException the document is not well-formed or declares a DTD or entities */
    public static XmlElement parse(byte[] document) {
        XMLStreamReader reader = null;
        try {
            reader = FACTORY.createXMLStreamReader(new ByteArrayInputStream(document));
            return tree(reader);
        } catch (XMLStreamException e) {
            throw XmlInputException.malformed("the document is not well-formed XML: " + e.getMessage(), e);
        } finally {
            close(reader);
        }
    }

    private static XmlElement tree(XMLStreamReader reader) throws XMLStreamException {
        Deque<Builder> open = new ArrayDeque<>();
        XmlElement root = null;
        while (reader.hasNext()) {
            int event = reader.next();
            switch (event) {
                case XMLStreamConstants.START_ELEMENT -> {
                    if (root != null || open.size() == MAX_DEPTH) {
                        throw XmlInputException.malformed("unexpected element " + reader.getLocalName());
                    }
                    open.push(new Builder(reader.getLocalName()));
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE -> {
                    if (!open.isEmpty()) {
                        open.peek().text.append(reader.getText());
                    }
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    XmlElement done = open.pop().build();
                    if (open.isEmpty()) {
                        root = done;
                    } else {
                        open.peek().children.add(done);
                    }
                }
                case XMLStreamConstants.DTD, XMLStreamConstants.ENTITY_REFERENCE, XMLStreamConstants.ENTITY_DECLARATION ->
                        throw XmlInputException.malformed("document type declarations and entities are not accepted");
                default -> {
                    // comments, processing instructions, the document's start and end
                }
            }
        }
        if (root == null) {
            throw XmlInputException.malformed("the document has no root element");
        }
        return root;
    }

    private static final class Builder {
        private final String name;
        private final StringBuilder text = new StringBuilder();
        private final List<XmlElement> children = new ArrayList<>();

        Builder(String name) {
            this.name = name;
        }

        XmlElement build() {
            return new XmlElement(name, text.toString().strip(), List.copyOf(children));
        }
    }

    private static XMLInputFactory hardenedFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        factory.setXMLResolver((publicId, systemId, base, namespace) -> {
            throw new XMLStreamException("external resources are not accepted: " + systemId);
        });
        return factory;
    }

    private static void close(XMLStreamReader reader) {
        if (reader == null) {
            return;
        }
        try {
            reader.close();
        } catch (XMLStreamException e) {
            // nothing was held but the in-memory document
        }
    }
}
