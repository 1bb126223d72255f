package io.pgvs3.s3.xml;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A small StAX writer for S3 response documents: {@code start}/{@code end} nest, {@code element} writes
 * a text leaf. Text is escaped by StAX, so keys with {@code <} or {@code &} are safe; carriage returns
 * and other control characters go out as character references, as S3 writes them, so a parser gives
 * them back instead of normalizing them away (clients that need XML 1.0 ask for encoding-type=url).
 */
public final class XmlDocument {

    public static final String S3_NAMESPACE = "http://s3.amazonaws.com/doc/2006-03-01/";

    private static final XMLOutputFactory FACTORY = XMLOutputFactory.newFactory();

    private final ByteArrayOutputStream buffer = new ByteArrayOutputStream(1024);
    private final XMLStreamWriter writer;

    private XmlDocument(String root, String namespace) {
        try {
            writer = FACTORY.createXMLStreamWriter(buffer, "UTF-8");
            writer.writeStartDocument("UTF-8", "1.0");
            writer.writeStartElement(root);
            if (namespace != null) {
                writer.writeDefaultNamespace(namespace);
            }
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
    }

    /** A document whose root element carries the S3 namespace. */
    public static XmlDocument s3(String root) {
        return new XmlDocument(root, S3_NAMESPACE);
    }

    /** A document without a namespace (S3 error bodies have none). */
    public static XmlDocument plain(String root) {
        return new XmlDocument(root, null);
    }

    public XmlDocument start(String name) {
        try {
            writer.writeStartElement(name);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Writes {@code xmlns:prefix="namespace" prefix:name="value"} on the element just started. */
    public XmlDocument attribute(String prefix, String namespace, String name, String value) {
        try {
            writer.writeNamespace(prefix, namespace);
            writer.writeAttribute(prefix, namespace, name, value);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    public XmlDocument end() {
        try {
            writer.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Writes text into the element just started (a root element with text, such as LocationConstraint). */
    public XmlDocument text(String text) {
        try {
            characters(text);
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    /** Writes {@code <name>text</name>}; a null text writes nothing. */
    public XmlDocument element(String name, Object text) {
        if (text == null) {
            return this;
        }
        try {
            writer.writeStartElement(name);
            characters(String.valueOf(text));
            writer.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
    }

    private void characters(String text) throws XMLStreamException {
        int from = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 && c != '\t' && c != '\n') {
                writer.writeCharacters(text.substring(from, i));
                writer.writeEntityRef("#" + (int) c);
                from = i + 1;
            }
        }
        writer.writeCharacters(text.substring(from));
    }

    public byte[] toBytes() {
        try {
            writer.writeEndDocument();
            writer.close();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return buffer.toByteArray();
    }

    public String toXmlString() {
        return new String(toBytes(), StandardCharsets.UTF_8);
    }
}
