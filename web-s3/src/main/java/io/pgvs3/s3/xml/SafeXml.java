package io.pgvs3.s3.xml;

import java.io.ByteArrayInputStream;
import javax.xml.stream.XMLInputFactory;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * StAX readers for request bodies from untrusted clients: the JDK's own parser (never one a library on
 * the class path brings), no DTD, no external entities, so neither entity expansion nor XXE can happen;
 * a document that carries a DTD at all is refused by the reader that meets it.
 */
public final class SafeXml {

    private static final XMLInputFactory FACTORY = factory();

    private SafeXml() {
    }

    private static XMLInputFactory factory() {
        XMLInputFactory factory = XMLInputFactory.newDefaultFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_REPLACING_ENTITY_REFERENCES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        factory.setProperty(XMLInputFactory.IS_NAMESPACE_AWARE, true);
        return factory;
    }

    /** A reader over a body already read into memory (bodies are size-capped by their callers). */
    public static XMLStreamReader reader(byte[] body) throws XMLStreamException {
        return FACTORY.createXMLStreamReader(new ByteArrayInputStream(body));
    }
}
