package io.pgvs3.store.origin;

/** What the origin work counts; the store's metrics bean publishes it (docs/operations.md). */
public interface OriginMeter {

    OriginMeter NONE = new OriginMeter() {
        @Override
        public void request(String bucket, String operation, String status) {
        }

        @Override
        public void fill(String bucket, String result) {
        }

        @Override
        public void staleServe(String bucket) {
        }

        @Override
        public void rangeBlocks(String bucket, String result, long blocks) {
        }

        @Override
        public void flush(String bucket, String result) {
        }

        @Override
        public void backlog(java.util.Map<String, Backlog> byBucket) {
        }
    };

    /**
     * What waits in a bucket's outbox.
     *
     * @param oldestSeconds how long the oldest pending write has waited, 0 when none
     */
    record Backlog(long objects, long bytes, double oldestSeconds) {
    }

    /**
     * One request to the origin.
     *
     * @param operation as the S3 API names it: GetObject, HeadObject, PutObject, DeleteObject, ListObjectsV2
     * @param status    the origin's HTTP status, or "error" when it did not answer
     */
    void request(String bucket, String operation, String status);

    /** @param result published, discarded (a newer write or delete won), passthrough or refused */
    void fill(String bucket, String result);

    /** A cached object past its TTL served because the origin could not be asked. */
    void staleServe(String bucket);

    /**
     * Blocks of a range cache (ADR 52) that cold ranges read.
     *
     * @param result hit (read here), fetched (from the origin, and stored), passthrough (from the origin, not
     *               stored: a read-only gateway, or no spool room), discarded (from the origin; a newer write
     *               or delete, or another fetch of the block, came first)
     */
    void rangeBlocks(String bucket, String result, long blocks);

    /** @param result flushed, discarded (a newer write or a delete superseded it) or failed (retried later) */
    void flush(String bucket, String result);

    /** Every origin-backed bucket's outbox as the drain last saw it (buckets not listed are gone). */
    void backlog(java.util.Map<String, Backlog> byBucket);
}
