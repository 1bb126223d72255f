package io.pgvs3.store.api;

import io.pgvs3.store.api.error.StoreError;

/**
 * The outcome for one key of a delete: deleted (also when the key did not exist and no condition
 * was given, as S3 reports it), or refused with a reason (PRECONDITION_FAILED, NO_SUCH_KEY for a
 * conditional delete of a missing key, INVALID_ARGUMENT for a key the store cannot hold).
 */
public record DeletionResult(String key, StoreError error, String message) {

    public static DeletionResult deleted(String key) {
        return new DeletionResult(key, null, null);
    }

    public boolean isDeleted() {
        return error == null;
    }
}
