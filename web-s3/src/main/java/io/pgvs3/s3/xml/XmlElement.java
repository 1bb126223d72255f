package io.pgvs3.s3.xml;

import java.util.List;
import java.util.Optional;

/**
 * One element of a parsed request body: its local name (namespaces ignored, as S3 accepts bodies with
 * and without its namespace), its text (whitespace-trimmed) and its child elements in order.
 */
public record XmlElement(String name, String text, List<XmlElement> children) {

    /** The first child called {@code name}. */
    public Optional<XmlElement> child(String name) {
        return children.stream().filter(c -> c.name.equals(name)).findFirst();
    }

    /** The text of the first child called {@code name}, or null. */
    public String childText(String name) {
        return child(name).map(XmlElement::text).orElse(null);
    }

    /** Every child called {@code name}, in document order. */
    public List<XmlElement> children(String name) {
        return children.stream().filter(c -> c.name.equals(name)).toList();
    }
}
