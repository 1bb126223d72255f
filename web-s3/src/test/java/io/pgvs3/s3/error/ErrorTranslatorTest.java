package io.pgvs3.s3.error;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.pgvs3.s3.auth.AuthException;
import io.pgvs3.s3.auth.AuthFailure;
import io.pgvs3.s3.xml.XmlInputException;
import io.pgvs3.s3.xml.XmlReader;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import java.io.ByteArrayInputStream;
import org.junit.jupiter.api.Test;

class ErrorTranslatorTest {

    @Test
    void requestXmlFailuresGetS3sCodes() {
        XmlInputException tooLarge = assertThrows(XmlInputException.class,
                () -> XmlReader.readBody(new ByteArrayInputStream(new byte[10]), 5));
        assertEquals(S3ErrorCode.MAX_MESSAGE_LENGTH_EXCEEDED, ErrorTranslator.translate(tooLarge).code());
        XmlInputException malformed = assertThrows(XmlInputException.class, () -> XmlReader.parse("<a>".getBytes()));
        assertEquals(S3ErrorCode.MALFORMED_XML, ErrorTranslator.translate(malformed).code());
    }

    @Test
    void anUnavailableStoreIsServiceUnavailableAndThrottlingIsSlowDown() {
        S3Exception unavailable = ErrorTranslator.translate(new StoreException(StoreError.UNAVAILABLE, "pool down"));
        assertEquals("ServiceUnavailable", unavailable.code().code());
        assertEquals(503, unavailable.code().status());
        assertEquals("SlowDown", S3ErrorCode.SLOW_DOWN.code());
        assertEquals(503, S3ErrorCode.SLOW_DOWN.status());
    }

    @Test
    void inputRefusedByOurOwnBodyStreamIsAnsweredWithThatRefusal() {
        StoreException refused = new StoreException(StoreError.REJECTED_INPUT, "refused",
                new AuthException(AuthFailure.SIGNATURE_DOES_NOT_MATCH));
        assertEquals("SignatureDoesNotMatch", ErrorTranslator.translate(refused).code().code());
        StoreException checksum = new StoreException(StoreError.REJECTED_INPUT, "refused",
                new S3Exception(S3ErrorCode.BAD_DIGEST));
        assertEquals(S3ErrorCode.BAD_DIGEST, ErrorTranslator.translate(checksum).code());
    }

    @Test
    void aRefusalWithoutAKnownCauseIsAnInternalError() {
        // unexpected: ErrorResponses logs them and answers 500 InternalError
        assertEquals(null, ErrorTranslator.translate(new StoreException(StoreError.REJECTED_INPUT, "refused",
                new IllegalStateException("bug"))));
        assertEquals(null, ErrorTranslator.translate(new StoreException(StoreError.REJECTED_INPUT, "refused")));
    }
}
