package io.pgvs3.s3.xml;

/** A request document that is not well-formed, not the expected shape, or too large. */
public class XmlInputException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    private final boolean tooLarge;

    private XmlInputException(String message, boolean tooLarge, Throwable cause) {
        super(message, cause);
        this.tooLarge = tooLarge;
    }

    public static XmlInputException malformed(String message) {
        return new XmlInputException(message, false, null);
    }

    public static XmlInputException malformed(String message, Throwable cause) {
        return new XmlInputException(message, false, cause);
    }

    public static XmlInputException tooLarge(int limit) {
        return new XmlInputException("request documents hold at most " + limit + " bytes", true, null);
    }

    public boolean tooLarge() {
        return tooLarge;
    }
}
