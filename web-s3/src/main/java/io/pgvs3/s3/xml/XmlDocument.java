package io.pgvs3.s3.xml;

import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import javax.xml.stream.XMLOutputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamWriter;

/**
 * A small StAX writer for S3 response documents: {@code start}/{@code end} nest, {@code element} writes
 * a text leaf. Text is escaped by StAX, so keys with {@code <}, {@code &} or control characters are safe.
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

    public XmlDocument end() {
        try {
            writer.writeEndElement();
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
            writer.writeCharacters(String.valueOf(text));
            writer.writeEndElement();
        } catch (XMLStreamException e) {
            throw new IllegalStateException(e);
        }
        return this;
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
