package io.pgvs3.s3.handler;

import io.pgvs3.s3.error.S3ErrorCode;
import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.http.S3Response;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.ByteRange;
import io.pgvs3.store.api.ObjectMeta;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * GetObjectAttributes: the attributes {@code x-amz-object-attributes} names (ETag, Checksum,
 * ObjectParts, StorageClass, ObjectSize), from the object's row alone. Part sizes come from the part
 * boundaries the object keeps; the parts' own checksums are not kept after completion, so parts are
 * listed with their sizes only.
 */
@ApplicationScoped
public class ObjectAttributesHandler {

    private static final Set<String> ATTRIBUTES = Set.of("etag", "checksum", "objectparts", "storageclass", "objectsize");
    private static final int MAX_PARTS = 1000;

    @Inject
    private Existence existence;

    public S3Response attributes(S3Call call) {
        Set<String> wanted = wanted(call);
        ObjectMeta meta = existence.requireObject(call);
        XmlDocument xml = XmlDocument.s3("GetObjectAttributesResponse");
        if (wanted.contains("etag")) {
            xml.element("ETag", meta.etag()); // S3 writes this ETag without quotes
        }
        if (wanted.contains("checksum") && meta.checksum() != null) {
            MultipartXml.checksum(xml.start("Checksum"), meta.checksum()).end();
        }
        if (wanted.contains("objectparts") && meta.location().isMultipart()) {
            parts(call, meta, xml);
        }
        if (wanted.contains("storageclass")) {
            xml.element("StorageClass", "STANDARD");
        }
        if (wanted.contains("objectsize")) {
            xml.element("ObjectSize", meta.size());
        }
        return S3Response.ok().header("Content-Type", "application/xml")
                .header("Last-Modified", HttpDates.header(meta.lastModified()))
                .body(xml.toBytes()).build();
    }

    /** A page of parts after {@code x-amz-part-number-marker}, at most {@code x-amz-max-parts}. */
    private static void parts(S3Call call, ObjectMeta meta, XmlDocument xml) {
        int count = meta.location().partCount();
        int marker = ListingParams.nonNegativeHeader(call, "x-amz-part-number-marker", 0);
        int max = Math.min(ListingParams.nonNegativeHeader(call, "x-amz-max-parts", MAX_PARTS), MAX_PARTS);
        int last = (int) Math.min(count, (long) marker + max);
        xml.start("ObjectParts")
                .element("PartsCount", count)
                .element("PartNumberMarker", marker)
                .element("NextPartNumberMarker", last)
                .element("MaxParts", max)
                .element("IsTruncated", last < count);
        for (int number = marker + 1; number <= last; number++) {
            ByteRange range = meta.location().partRange(number, meta.size());
            xml.start("Part").element("PartNumber", number).element("Size", range == null ? 0 : range.length()).end();
        }
        xml.end();
    }

    /** The attributes asked for; S3 requires at least one and refuses unknown names. */
    private static Set<String> wanted(S3Call call) {
        Set<String> wanted = new HashSet<>();
        for (String header : call.headers().getOrDefault("x-amz-object-attributes", List.of())) {
            for (String name : header.split(",")) {
                String attribute = name.trim().toLowerCase(Locale.ROOT);
                if (!attribute.isEmpty() && !ATTRIBUTES.contains(attribute)) {
                    throw call.error(S3ErrorCode.INVALID_ARGUMENT, "Invalid attribute name specified.");
                }
                if (!attribute.isEmpty()) {
                    wanted.add(attribute);
                }
            }
        }
        if (wanted.isEmpty()) {
            throw call.error(S3ErrorCode.INVALID_ARGUMENT, "The x-amz-object-attributes header specifying the"
                    + " attributes to be retrieved is either missing or empty");
        }
        return wanted;
    }
}
