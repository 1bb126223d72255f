package io.pgvs3.s3.xml;

import java.util.List;

/**
 * One element of a parsed request document: its local name (namespaces do not matter to S3 request
 * bodies), its text with surrounding whitespace removed, and its child elements in order.
 */
public record XmlElement(String name, String text, List<XmlElement> children) {

    /** The children called {@code name}, in document order. */
    public List<XmlElement> children(String name) {
        return children.stream().filter(child -> child.name().equals(name)).toList();
    }

    /** The text of the first child called {@code name}, or null when there is none. */
    public String childText(String name) {
        for (XmlElement child : children) {
            if (child.name().equals(name)) {
                return child.text();
            }
        }
        return null;
    }
}
