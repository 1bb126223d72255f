package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.ListPage;
import io.pgvs3.store.api.ListQuery;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.ObjectSummary;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import io.pgvs3.s3.http.S3Response;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;

/** ListObjectsV2 and ListObjects (V1): both are one store page rendered two ways. */
@ApplicationScoped
public class ListHandler {

    private static final int MAX_KEYS = 1000;

    @Inject
    @Plain
    private ObjectStore objects;

    public S3Response listV2(S3Call call) {
        ListObjectsParams params = ListObjectsParams.of(call, "true".equals(call.param("fetch-owner")));
        String token = call.param("continuation-token");
        String startAfter = ListingParams.text(call, "start-after");
        // an empty token is what a client sends for "from the start": S3 answers the first page
        String cursor = token != null && !token.isEmpty() ? ContinuationTokens.decode(call, token) : emptyToNull(startAfter);
        ListPage page = page(call, params, cursor);
        XmlDocument xml = XmlDocument.s3("ListBucketResult")
                .element("Name", call.bucket())
                .element("Prefix", params.encode(params.prefix()))
                .element("ContinuationToken", token)
                .element("KeyCount", page.objects().size() + page.commonPrefixes().size())
                .element("MaxKeys", params.maxKeys())
                .element("Delimiter", params.encode(params.delimiter()))
                .element("EncodingType", params.encodingType())
                .element("IsTruncated", page.truncated())
                .element("NextContinuationToken", page.truncated() ? ContinuationTokens.encode(page.lastEntry()) : null)
                .element("StartAfter", params.encode(startAfter));
        writeEntries(xml, page, params);
        return XmlResponses.ok(xml);
    }

    public S3Response listV1(S3Call call) {
        ListObjectsParams params = ListObjectsParams.of(call, true);
        String marker = ListingParams.text(call, "marker");
        ListPage page = page(call, params, emptyToNull(marker));
        // botocore decodes V1's Marker, NextMarker, Delimiter, keys and common prefixes but not its Prefix,
        // the AWS SDK for Java v2 decodes all of them: V1's Prefix escapes only what both read back alike
        XmlDocument xml = XmlDocument.s3("ListBucketResult")
                .element("Name", call.bucket())
                .element("Prefix", ListingParams.encodeV1Prefix(params.prefix(), params.encodingType()))
                .element("Marker", params.encode(marker == null ? "" : marker))
                .element("MaxKeys", params.maxKeys())
                .element("Delimiter", params.encode(params.delimiter()))
                .element("EncodingType", params.encodingType())
                .element("IsTruncated", page.truncated())
                // S3 sends NextMarker only with a delimiter; without one, clients continue from the last key
                .element("NextMarker", page.truncated() && params.delimiter() != null
                        ? params.encode(page.lastEntry()) : null);
        writeEntries(xml, page, params);
        return XmlResponses.ok(xml);
    }

    private ListPage page(S3Call call, ListObjectsParams params, String cursor) {
        return objects.list(new ListQuery(call.bucket(), params.prefix(), params.delimiter(), cursor, params.maxKeys()));
    }

    /** Contents and CommonPrefixes interleaved in key order, as S3 returns them. */
    private static void writeEntries(XmlDocument xml, ListPage page, ListObjectsParams params) {
        KeyOrder.interleave(page.objects(), ObjectSummary::key, page.commonPrefixes(), object -> {
            xml.start("Contents")
                    .element("Key", params.encode(object.key()))
                    .element("LastModified", HttpDates.xml(object.lastModified()))
                    .element("ETag", "\"" + object.etag() + "\"")
                    .element("Size", object.size())
                    .element("StorageClass", "STANDARD");
            if (params.owner()) {
                SingleOwner.element(xml, "Owner");
            }
            xml.end();
        }, prefix -> xml.start("CommonPrefixes").element("Prefix", params.encode(prefix)).end());
    }

    private static String emptyToNull(String value) {
        return value == null || value.isEmpty() ? null : value;
    }

    /** The parameters V1 and V2 share. */
    /** @param owner write each object's Owner: always in V1, with fetch-owner=true in V2, as S3 does */
    private record ListObjectsParams(String prefix, String delimiter, int maxKeys, String encodingType, boolean owner) {

        static ListObjectsParams of(S3Call call, boolean owner) {
            String prefix = ListingParams.text(call, "prefix");
            String delimiter = ListingParams.text(call, "delimiter");
            String encoding = ListingParams.encodingType(call);
            return new ListObjectsParams(prefix == null ? "" : prefix, emptyToNull(delimiter),
                    ListingParams.maxEntries(call, "max-keys", MAX_KEYS), encoding, owner);
        }

        String encode(String value) {
            return ListingParams.encode(value, encodingType);
        }
    }
}
