package io.pgvs3.store.origin;

import io.pgvs3.store.api.ContentHeaders;
import io.pgvs3.store.api.PutSpec;
import io.pgvs3.store.api.WriteCondition;
import java.util.Map;

/** What a write-through PUT sends the origin besides the body: headers and the client's condition. */
record OriginPut(String contentType, Map<String, String> userMetadata, ContentHeaders contentHeaders,
                 String ifMatch, String ifNoneMatch) {

    static OriginPut of(PutSpec spec, WriteCondition condition, String contentType) {
        String ifNoneMatch = condition.createOnly() ? "*" : quoted(condition.ifNoneMatchEtag());
        String ifMatch = WriteCondition.ANY.equals(condition.ifMatchEtag()) ? "*" : quoted(condition.ifMatchEtag());
        return new OriginPut(contentType, spec.userMetadata() == null ? Map.of() : spec.userMetadata(),
                spec.contentHeaders() == null ? ContentHeaders.NONE : spec.contentHeaders(), ifMatch, ifNoneMatch);
    }

    private static String quoted(String etag) {
        return etag == null ? null : "\"" + etag + "\"";
    }
}
