package io.pgvs3.store.read.cache;

/**
 * One block of a chunked file. File ids come from one sequence and are never reused, and a re-created
 * bucket has a new {@code objects} table (a new OID), so a key never names different content.
 *
 * @param tableOid the OID of the namespace's {@code objects} table
 * @param fileId   the chunked file
 * @param block    the block's number in the file (rows {@code 32 × block ..})
 */
public record BlockKey(long tableOid, long fileId, long block) {
}
