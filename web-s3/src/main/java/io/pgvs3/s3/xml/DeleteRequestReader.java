package io.pgvs3.s3.xml;

import java.util.ArrayList;
import java.util.List;
import javax.xml.stream.XMLStreamConstants;
import javax.xml.stream.XMLStreamException;
import javax.xml.stream.XMLStreamReader;

/**
 * Reads {@code <Delete><Quiet/>?<Object><Key/><VersionId/>?<ETag/>?...</Object>+</Delete>} strictly:
 * any other shape, a DTD, more than {@link #MAX_OBJECTS} objects or none at all is MalformedXML, as S3
 * answers. Namespaces are not checked (S3 accepts the body with or without its namespace).
 */
public final class DeleteRequestReader {

    public static final int MAX_OBJECTS = 1000;

    /** The body does not have the DeleteObjects shape. */
    public static final class MalformedException extends Exception {

        private static final long serialVersionUID = 1L;

        MalformedException(String message) {
            super(message);
        }
    }

    private DeleteRequestReader() {
    }

    public static DeleteRequest read(byte[] body) throws MalformedException {
        try {
            XMLStreamReader xml = SafeXml.reader(body);
            try {
                expectStart(xml, "Delete");
                DeleteRequest request = readDelete(xml);
                while (xml.hasNext()) {
                    int event = xml.next();
                    if (event != XMLStreamConstants.COMMENT && event != XMLStreamConstants.SPACE
                            && event != XMLStreamConstants.PROCESSING_INSTRUCTION
                            && event != XMLStreamConstants.END_DOCUMENT) {
                        throw new MalformedException("content after </Delete>");
                    }
                }
                return request;
            } finally {
                xml.close();
            }
        } catch (XMLStreamException | RuntimeException e) {
            throw new MalformedException("not well-formed: " + e.getMessage());
        }
    }

    private static DeleteRequest readDelete(XMLStreamReader xml) throws XMLStreamException, MalformedException {
        boolean quiet = false;
        List<DeleteRequest.Entry> objects = new ArrayList<>();
        while (nextChild(xml)) {
            switch (xml.getLocalName()) {
                case "Quiet" -> quiet = parseQuiet(text(xml));
                case "Object" -> {
                    if (objects.size() == MAX_OBJECTS) {
                        throw new MalformedException("more than " + MAX_OBJECTS + " objects");
                    }
                    objects.add(readObject(xml));
                }
                default -> throw new MalformedException("unexpected <" + xml.getLocalName() + ">");
            }
        }
        if (objects.isEmpty()) {
            throw new MalformedException("no <Object>");
        }
        return new DeleteRequest(quiet, List.copyOf(objects));
    }

    private static DeleteRequest.Entry readObject(XMLStreamReader xml) throws XMLStreamException, MalformedException {
        String key = null;
        String versionId = null;
        String etag = null;
        boolean directoryCondition = false;
        while (nextChild(xml)) {
            switch (xml.getLocalName()) {
                case "Key" -> key = text(xml);
                case "VersionId" -> versionId = text(xml);
                case "ETag" -> etag = text(xml);
                case "LastModifiedTime", "Size" -> {
                    text(xml);
                    directoryCondition = true;
                }
                default -> throw new MalformedException("unexpected <" + xml.getLocalName() + "> in <Object>");
            }
        }
        if (key == null) {
            throw new MalformedException("<Object> without <Key>");
        }
        return new DeleteRequest.Entry(key, versionId, etag, directoryCondition);
    }

    private static boolean parseQuiet(String value) throws MalformedException {
        return switch (value.trim()) {
            case "true" -> true;
            case "false" -> false;
            default -> throw new MalformedException("<Quiet> is true or false");
        };
    }

    /** Moves to the first element, refusing a DTD on the way. */
    private static void expectStart(XMLStreamReader xml, String name) throws XMLStreamException, MalformedException {
        while (xml.hasNext()) {
            int event = xml.next();
            if (event == XMLStreamConstants.DTD || event == XMLStreamConstants.ENTITY_REFERENCE) {
                throw new MalformedException("DTDs and entity references are not accepted");
            }
            if (event == XMLStreamConstants.START_ELEMENT) {
                if (!xml.getLocalName().equals(name)) {
                    throw new MalformedException("the root element is <" + xml.getLocalName() + ">, not <" + name + ">");
                }
                return;
            }
        }
        throw new MalformedException("no root element");
    }

    /** Advances to the next child element (true) or to the parent's end (false); text between is whitespace. */
    private static boolean nextChild(XMLStreamReader xml) throws XMLStreamException, MalformedException {
        while (xml.hasNext()) {
            int event = xml.next();
            switch (event) {
                case XMLStreamConstants.START_ELEMENT:
                    return true;
                case XMLStreamConstants.END_ELEMENT:
                    return false;
                case XMLStreamConstants.CHARACTERS:
                case XMLStreamConstants.SPACE:
                    if (!xml.isWhiteSpace()) {
                        throw new MalformedException("unexpected text");
                    }
                    break;
                case XMLStreamConstants.COMMENT:
                case XMLStreamConstants.PROCESSING_INSTRUCTION:
                    break;
                default:
                    throw new MalformedException("unexpected XML event " + event);
            }
        }
        throw new MalformedException("the document ends early");
    }

    /** The text of a leaf element, exactly as sent (keys keep their whitespace); leaves it at its end tag. */
    private static String text(XMLStreamReader xml) throws XMLStreamException, MalformedException {
        StringBuilder text = new StringBuilder();
        while (true) {
            int event = xml.next();
            switch (event) {
                case XMLStreamConstants.CHARACTERS, XMLStreamConstants.CDATA, XMLStreamConstants.SPACE ->
                        text.append(xml.getText());
                case XMLStreamConstants.COMMENT, XMLStreamConstants.PROCESSING_INSTRUCTION -> {
                    // ignored
                }
                case XMLStreamConstants.END_ELEMENT -> {
                    return text.toString();
                }
                default -> throw new MalformedException("<" + xml.getLocalName() + "> must hold text only");
            }
        }
    }
}
