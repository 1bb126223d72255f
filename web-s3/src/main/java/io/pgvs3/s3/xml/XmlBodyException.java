package io.pgvs3.s3.xml;

/** A request XML body that is too large or not well-formed; the error table answers it as S3 does. */
public final class XmlBodyException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Why the body was refused. */
    public enum Kind {
        /** Over its cap: S3's MaxMessageLengthExceeded. */
        TOO_LARGE,
        /** Not well-formed, a DTD, or nested too deep: S3's MalformedXML. */
        MALFORMED
    }

    private final Kind kind;

    XmlBodyException(Kind kind, String message, Throwable cause) {
        super(message, cause);
        this.kind = kind;
    }

    public Kind kind() {
        return kind;
    }
}
