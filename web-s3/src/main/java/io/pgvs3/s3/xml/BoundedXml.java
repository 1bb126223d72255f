package io.pgvs3.s3.xml;

import java.io.FilterInputStream;
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
 * The one way to read a request XML body (DeleteObjects, CompleteMultipartUpload, ...): at most
 * {@code maxBytes} are read (a larger declared length is refused before reading), DTDs and external
 * entities are off, nesting is capped, and every failure is an {@link XmlBodyException} that the error
 * table answers with S3's code (MaxMessageLengthExceeded or MalformedXML), never a 500.
 *
 * <pre>
 * XmlElement delete = BoundedXml.parse(call.body(), call.decodedLength(), BoundedXml.DEFAULT_MAX_BYTES);
 * for (XmlElement object : delete.children("Object")) { String key = object.childText("Key"); ... }
 * </pre>
 */
public final class BoundedXml {

    /** Enough for 1,000 DeleteObjects keys or 10,000 CompleteMultipartUpload parts with checksums. */
    public static final long DEFAULT_MAX_BYTES = 4L * 1024 * 1024;

    static final int MAX_DEPTH = 32;

    private static final XMLInputFactory FACTORY = hardenedFactory();

    private BoundedXml() {
    }

    /**
     * Reads the whole body into an element tree.
     *
     * @param declaredLength the body length the client declared, or -1
     * @throws XmlBodyException too large, not well-formed, or nested deeper than {@value #MAX_DEPTH}
     */
    public static XmlElement parse(InputStream body, long declaredLength, long maxBytes) {
        XMLStreamReader reader = open(body, declaredLength, maxBytes);
        try {
            return tree(reader);
        } catch (XMLStreamException e) {
            throw failure(e);
        } finally {
            closeQuietly(reader);
        }
    }

    /**
     * A hardened streaming reader over at most {@code maxBytes} of the body, for documents read
     * element by element. Convert its exceptions with {@link #failure}.
     */
    public static XMLStreamReader open(InputStream body, long declaredLength, long maxBytes) {
        if (declaredLength > maxBytes) {
            throw tooLarge(maxBytes);
        }
        try {
            return FACTORY.createXMLStreamReader(new Capped(body, maxBytes));
        } catch (XMLStreamException e) {
            throw failure(e);
        }
    }

    /** The S3-answerable failure behind a reader's exception (the cap, or malformed XML). */
    public static XmlBodyException failure(XMLStreamException e) {
        for (Throwable t = e; t != null; t = t.getCause()) {
            if (t instanceof Capped.Exceeded exceeded) {
                return tooLarge(exceeded.max);
            }
        }
        if (e.getNestedException() instanceof Capped.Exceeded exceeded) {
            return tooLarge(exceeded.max);
        }
        return new XmlBodyException(XmlBodyException.Kind.MALFORMED, "the request body is not well-formed XML", e);
    }

    private static XmlElement tree(XMLStreamReader reader) throws XMLStreamException {
        Deque<Builder> open = new ArrayDeque<>();
        XmlElement root = null;
        while (reader.hasNext()) {
            switch (reader.next()) {
                case XMLStreamConstants.START_ELEMENT -> {
                    if (open.size() >= MAX_DEPTH) {
                        throw new XmlBodyException(XmlBodyException.Kind.MALFORMED,
                                "the request body nests deeper than " + MAX_DEPTH + " elements", null);
                    }
                    open.push(new Builder(reader.getLocalName()));
                }
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA -> {
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
                case XMLStreamConstants.DTD -> throw new XmlBodyException(XmlBodyException.Kind.MALFORMED,
                        "a DTD is not allowed in a request body", null);
                default -> {
                    // comments, processing instructions, whitespace outside the root
                }
            }
        }
        if (root == null) {
            throw new XmlBodyException(XmlBodyException.Kind.MALFORMED, "the request body holds no XML element", null);
        }
        return root;
    }

    private static XmlBodyException tooLarge(long maxBytes) {
        return new XmlBodyException(XmlBodyException.Kind.TOO_LARGE,
                "the request body is larger than " + maxBytes + " bytes", null);
    }

    private static XMLInputFactory hardenedFactory() {
        XMLInputFactory factory = XMLInputFactory.newFactory();
        factory.setProperty(XMLInputFactory.SUPPORT_DTD, false);
        factory.setProperty(XMLInputFactory.IS_SUPPORTING_EXTERNAL_ENTITIES, false);
        factory.setProperty(XMLInputFactory.IS_COALESCING, true);
        return factory;
    }

    private static void closeQuietly(XMLStreamReader reader) {
        try {
            reader.close();
        } catch (XMLStreamException e) {
            // nothing held but the body, which the container closes
        }
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

    /** Fails the read once more than {@code max} bytes arrive. */
    private static final class Capped extends FilterInputStream {

        private final long max;
        private long count;

        Capped(InputStream in, long max) {
            super(in);
            this.max = max;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count(1);
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count(n);
            }
            return n;
        }

        private void count(long n) throws Exceeded {
            count += n;
            if (count > max) {
                throw new Exceeded(max);
            }
        }

        static final class Exceeded extends IOException {
            private static final long serialVersionUID = 1L;
            private final long max;

            Exceeded(long max) {
                super("more than " + max + " bytes");
                this.max = max;
            }
        }
    }
}
