package io.pgvs3.s3.golden;

import io.pgvs3.s3.handler.DeleteObjectsHandler;
import io.pgvs3.s3.route.S3Operation;
import io.pgvs3.s3.testing.Requests;
import io.pgvs3.s3.testing.Wiring;
import io.pgvs3.store.api.DeletionResult;
import io.pgvs3.store.api.ObjectDeletion;
import io.pgvs3.store.api.ObjectStore;
import io.pgvs3.store.api.error.StoreError;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** DeleteResult: Deleted and Error entries in the request's order, with the version ids the client sent. */
class GoldenDeleteResultTest {

    private static final String REQUEST = "<Delete xmlns=\"http://s3.amazonaws.com/doc/2006-03-01/\">"
            + "<Object><Key>old/a&amp;b.txt</Key></Object>"
            + "<Object><Key>old/guarded.txt</Key><ETag>\"0cc175b9c0f1b6a831c399e269772661\"</ETag></Object>"
            + "<Object><Key>old/v.txt</Key><VersionId>3HL4kqtJlcpXroDTDmJ+rmSpXd3dIbrHY</VersionId></Object>"
            + "<Object><Key>old/gone.txt</Key><VersionId>null</VersionId></Object>"
            + "</Delete>";

    /** The store refuses the conditional delete, as it does when the ETag no longer matches. */
    private static List<DeletionResult> deleteAll(Object[] args) {
        @SuppressWarnings("unchecked")
        List<ObjectDeletion> deletions = (List<ObjectDeletion>) args[1];
        return deletions.stream().map(d -> d.ifMatch() == null ? DeletionResult.deleted(d.key())
                : new DeletionResult(d.key(), StoreError.PRECONDITION_FAILED, "the ETag does not match")).toList();
    }

    @Test
    void deletedKeysAndRefusedOnesInOneResult() throws NoSuchAlgorithmException {
        byte[] body = REQUEST.getBytes(StandardCharsets.UTF_8);
        String md5 = Base64.getEncoder().encodeToString(MessageDigest.getInstance("MD5").digest(body));
        DeleteObjectsHandler handler = Wiring.wire(new DeleteObjectsHandler(),
                Stubs.answering(ObjectStore.class, "deleteAll", GoldenDeleteResultTest::deleteAll));
        GoldenFile.assertMatches("delete-result.xml", handler.deleteObjects(Requests.call("POST",
                S3Operation.DELETE_OBJECTS, "media", null, "delete", Map.of("Content-MD5", md5), body)));
    }
}
