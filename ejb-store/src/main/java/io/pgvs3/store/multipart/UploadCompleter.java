package io.pgvs3.store.multipart;

import io.pgvs3.store.access.DataAccess;
import io.pgvs3.store.access.Pool;
import io.pgvs3.store.api.CompleteSpec;
import io.pgvs3.store.api.PutResult;
import io.pgvs3.store.api.checksum.ObjectChecksum;
import io.pgvs3.store.api.error.StoreError;
import io.pgvs3.store.api.error.StoreException;
import io.pgvs3.store.namespace.Namespace;
import io.pgvs3.store.write.NewObject;
import io.pgvs3.store.write.AfterPublish;
import io.pgvs3.store.write.ObjectPublisher;
import java.sql.Connection;
import java.sql.SQLException;
import java.time.Instant;

/**
 * CompleteMultipartUpload in one short transaction on the main pool: lock the upload, check the list
 * against its parts, delete the upload (its part rows go with it), publish the object row that lists the
 * part files under the key's lock and condition, and release the parts left out. No chunk row is touched.
 * A retry of a completion that already happened gets the same answer ({@link CompletedAgain}).
 */
public final class UploadCompleter {

    private final DataAccess access;

    public UploadCompleter(DataAccess access) {
        this.access = access;
    }

    /** See {@link io.pgvs3.store.api.MultipartStore#complete}. */
    public PutResult complete(CompleteSpec spec) {
        return complete(spec, AfterPublish.NONE);
    }

    /**
     * {@link #complete(CompleteSpec)} where {@code after} runs in the publishing
     * transaction (an origin-backed bucket's write-back).
     */
    public PutResult complete(CompleteSpec spec, AfterPublish after) {
        // the list is checked before any row is read, and a part number listed twice counts once
        CompleteSpec listed = new CompleteSpec(spec.bucket(), spec.key(), spec.uploadId(),
                PartAssembly.listed(spec.parts()), spec.condition(), spec.expectedAlgorithm(), spec.expectedValue());
        return access.write(Pool.MAIN, "CompleteMultipartUpload " + spec.key(), spec.bucket(),
                new Completion(listed, after), UploadCompleter::complete);
    }

    private record Completion(CompleteSpec spec, AfterPublish after) {
    }

    private static PutResult complete(Connection c, Namespace ns, Completion completion) throws SQLException {
        CompleteSpec spec = completion.spec();
        Upload upload;
        try {
            upload = Uploads.require(c, ns, spec.uploadId(), spec.key(), Uploads.Lock.UPDATE);
        } catch (StoreException e) {
            PutResult again = e.error() == StoreError.NO_SUCH_UPLOAD ? CompletedAgain.find(c, ns, spec) : null;
            if (again == null) {
                throw e;
            }
            return again;
        }
        PartAssembly object = PartAssembly.of(spec.parts(), UploadParts.all(c, ns, spec.uploadId()));
        ObjectChecksum checksum = CompletedChecksum.of(upload, spec.parts(), object.parts());
        verifyExpected(spec, checksum);
        // the part rows must be gone before the unused files are checked for remaining references
        Uploads.delete(c, ns, spec.uploadId());
        NewObject row = new NewObject(spec.key(), object.size(), object.etag(), object.sha256(), upload.contentType(),
                upload.userMetadata(), null, false, object.files()[0], new String[0], checksum, object.files(),
                object.partEnds());
        Instant modified = completion.after().run(c, ns,
                ObjectPublisher.publish(c, ns, row, spec.condition(), object.unused()));
        return new PutResult(object.etag(), object.size(), modified, checksum, false);
    }

    /** A whole-object checksum header that differs from the computed checksum completes nothing. */
    private static void verifyExpected(CompleteSpec spec, ObjectChecksum computed) {
        if (spec.expectedAlgorithm() == null) {
            return;
        }
        if (computed == null || computed.algorithm() != spec.expectedAlgorithm()
                || !withoutPartCount(computed.value()).equals(withoutPartCount(spec.expectedValue().trim()))) {
            throw new StoreException(StoreError.BAD_DIGEST, "The " + spec.expectedAlgorithm().name()
                    + " you specified did not match the calculated checksum.");
        }
    }

    private static String withoutPartCount(String value) {
        int dash = value.lastIndexOf('-');
        return dash < 0 ? value : value.substring(0, dash);
    }
}
