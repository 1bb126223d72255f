package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import java.nio.charset.StandardCharsets;
import java.util.Base64;

/** Opaque continuation tokens: the last name a page returned, base64url-encoded. */
final class ContinuationTokens {

    private ContinuationTokens() {
    }

    static String encode(String lastEntry) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(lastEntry.getBytes(StandardCharsets.UTF_8));
    }

    /** Only tokens this gateway issued decode; anything else is S3's InvalidArgument. */
    static String decode(S3Call call, String token) {
        try {
            String cursor = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            if (cursor.isEmpty() || cursor.indexOf('\0') >= 0 || !encode(cursor).equals(token)) {
                throw new IllegalArgumentException("not a token of ours");
            }
            return cursor;
        } catch (IllegalArgumentException e) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, "The continuation token provided is incorrect");
        }
    }
}
