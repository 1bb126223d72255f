package io.pgvs3.s3.handler;

import io.pgvs3.s3.http.HttpDates;
import io.pgvs3.s3.xml.XmlDocument;
import io.pgvs3.store.api.MultipartStore;
import io.pgvs3.store.api.PartInfo;
import io.pgvs3.store.api.PartPage;
import io.pgvs3.store.api.UploadInfo;
import io.pgvs3.store.api.UploadPage;
import io.pgvs3.store.api.UploadQuery;
import jakarta.ejb.EJB;
import jakarta.enterprise.context.ApplicationScoped;
import io.pgvs3.s3.http.S3Response;

/** ListParts and ListMultipartUploads. */
@ApplicationScoped
public class UploadListHandler {

    private static final int MAX_ENTRIES = 1000;

    @EJB
    private MultipartStore multipart;

    public S3Response listParts(S3Call call) {
        String uploadId = MultipartParams.uploadId(call);
        int maxParts = ListingParams.maxEntries(call, "max-parts", MAX_ENTRIES);
        int marker = ListingParams.nonNegative(call, "part-number-marker", 0);
        String encoding = ListingParams.encodingType(call);
        PartPage page = multipart.listParts(call.bucket(), call.key(), uploadId, marker, maxParts);
        XmlDocument xml = XmlDocument.s3("ListPartsResult")
                .element("Bucket", call.bucket())
                .element("EncodingType", encoding)
                .element("Key", ListingParams.encode(call.key(), encoding))
                .element("UploadId", uploadId)
                .element("PartNumberMarker", marker)
                .element("NextPartNumberMarker", page.nextPartNumberMarker())
                .element("MaxParts", maxParts)
                .element("IsTruncated", page.truncated());
        for (PartInfo part : page.parts()) {
            MultipartXml.part(xml, part);
        }
        SingleOwner.element(xml, "Initiator");
        SingleOwner.element(xml, "Owner")
                .element("StorageClass", "STANDARD")
                .element("ChecksumAlgorithm", page.upload().checksumAlgorithm())
                .element("ChecksumType", page.upload().checksumType());
        return XmlResponses.ok(xml);
    }

    public S3Response listUploads(S3Call call) {
        String prefix = ListingParams.text(call, "prefix");
        String delimiter = ListingParams.text(call, "delimiter");
        String keyMarker = ListingParams.text(call, "key-marker");
        String uploadIdMarker = ListingParams.text(call, "upload-id-marker");
        int maxUploads = ListingParams.maxEntries(call, "max-uploads", MAX_ENTRIES);
        String encoding = ListingParams.encodingType(call);
        UploadPage page = multipart.listUploads(new UploadQuery(call.bucket(), prefix == null ? "" : prefix,
                delimiter == null || delimiter.isEmpty() ? null : delimiter, keyMarker,
                keyMarker == null ? null : uploadIdMarker, maxUploads));
        XmlDocument xml = XmlDocument.s3("ListMultipartUploadsResult")
                .element("Bucket", call.bucket())
                .element("KeyMarker", ListingParams.encode(keyMarker == null ? "" : keyMarker, encoding))
                .element("UploadIdMarker", uploadIdMarker == null ? "" : uploadIdMarker)
                .element("NextKeyMarker", ListingParams.encode(page.nextKeyMarker(), encoding))
                .element("NextUploadIdMarker", page.nextUploadIdMarker())
                .element("Delimiter", ListingParams.encode(delimiter, encoding))
                .element("Prefix", ListingParams.encode(prefix == null ? "" : prefix, encoding))
                .element("EncodingType", encoding)
                .element("MaxUploads", maxUploads)
                .element("IsTruncated", page.truncated());
        writeEntries(xml, page, encoding);
        return XmlResponses.ok(xml);
    }

    private static void writeEntries(XmlDocument xml, UploadPage page, String encoding) {
        KeyOrder.interleave(page.uploads(), UploadInfo::key, page.commonPrefixes(), upload -> {
            xml.start("Upload")
                    .element("Key", ListingParams.encode(upload.key(), encoding))
                    .element("UploadId", upload.uploadId());
            SingleOwner.element(xml, "Initiator");
            SingleOwner.element(xml, "Owner")
                    .element("StorageClass", "STANDARD")
                    .element("Initiated", HttpDates.xml(upload.initiated()))
                    .element("ChecksumAlgorithm", upload.checksumAlgorithm())
                    .element("ChecksumType", upload.checksumType())
                    .end();
        }, prefix -> xml.start("CommonPrefixes").element("Prefix", ListingParams.encode(prefix, encoding)).end());
    }
}
