package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.xml.XmlElement;
import io.pgvs3.s3.xml.XmlReader;
import java.io.IOException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;

/** Small request bodies read whole: XML documents, verified before they are parsed. */
final class RequestBodies {

    private RequestBodies() {
    }

    /**
     * The request's XML document: at most {@link XmlReader#MAX_DOCUMENT_BYTES}, matching its Content-MD5
     * and the payload hash the client signed, then parsed by the hardened reader.
     */
    static XmlElement xml(S3Call call) {
        byte[] body;
        try {
            body = XmlReader.readBody(call.body(), XmlReader.MAX_DOCUMENT_BYTES);
        } catch (IOException e) {
            throw call.error(S3ErrorCode.INCOMPLETE_BODY);
        }
        byte[] contentMd5 = PutHeaders.contentMd5(call);
        if (contentMd5 != null && !MessageDigest.isEqual(contentMd5, digest("MD5", body))) {
            throw call.error(S3ErrorCode.BAD_DIGEST);
        }
        if (call.expectedSha256() != null && !MessageDigest.isEqual(call.expectedSha256(), digest("SHA-256", body))) {
            throw call.error(S3ErrorCode.X_AMZ_CONTENT_SHA256_MISMATCH);
        }
        return XmlReader.parse(body);
    }

    private static byte[] digest(String algorithm, byte[] body) {
        try {
            return MessageDigest.getInstance(algorithm).digest(body);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK lacks " + algorithm, e);
        }
    }
}
