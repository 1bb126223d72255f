package io.pgvs3.s3.route;

import java.util.Map;
import java.util.Set;

/**
 * The sub-resources S3 knows ({@code ?acl}, {@code ?versioning}, ...) and which of their operations
 * this gateway serves. A request naming any sub-resource is that sub-resource's operation, never a
 * plain object or bucket operation; one it does not serve is answered 501, never handed to a neighbour.
 */
final class SubResources {

    /** Every sub-resource name that selects an S3 operation other than the plain ones. */
    static final Set<String> NAMES = Set.of(
            "acl", "tagging", "versioning", "versions", "policy", "policyStatus", "cors", "lifecycle",
            "website", "encryption", "object-lock", "retention", "legal-hold", "replication",
            "notification", "logging", "accelerate", "requestPayment", "ownershipControls",
            "publicAccessBlock", "analytics", "metrics", "inventory", "intelligent-tiering", "select",
            "restore", "torrent", "attributes", "renameObject", "session", "metadataTable",
            "metadataConfiguration", "abac", "versionId");

    /** (method, object or bucket, sub-resource) of the served ones. */
    private record Served(String method, boolean object, String name) {
    }

    private static final Map<Served, S3Operation> SERVED = Map.ofEntries(
            Map.entry(new Served("GET", false, "versioning"), S3Operation.GET_BUCKET_VERSIONING),
            Map.entry(new Served("GET", false, "tagging"), S3Operation.GET_BUCKET_TAGGING),
            Map.entry(new Served("GET", true, "tagging"), S3Operation.GET_OBJECT_TAGGING),
            Map.entry(new Served("GET", false, "policy"), S3Operation.GET_BUCKET_POLICY),
            Map.entry(new Served("GET", false, "cors"), S3Operation.GET_BUCKET_CORS),
            Map.entry(new Served("GET", false, "lifecycle"), S3Operation.GET_BUCKET_LIFECYCLE),
            Map.entry(new Served("GET", false, "encryption"), S3Operation.GET_BUCKET_ENCRYPTION),
            Map.entry(new Served("GET", false, "object-lock"), S3Operation.GET_OBJECT_LOCK_CONFIGURATION),
            Map.entry(new Served("GET", false, "publicAccessBlock"), S3Operation.GET_PUBLIC_ACCESS_BLOCK),
            Map.entry(new Served("GET", false, "ownershipControls"), S3Operation.GET_BUCKET_OWNERSHIP_CONTROLS),
            Map.entry(new Served("GET", false, "acl"), S3Operation.GET_BUCKET_ACL),
            Map.entry(new Served("PUT", false, "acl"), S3Operation.PUT_BUCKET_ACL),
            Map.entry(new Served("GET", true, "acl"), S3Operation.GET_OBJECT_ACL),
            Map.entry(new Served("PUT", true, "acl"), S3Operation.PUT_OBJECT_ACL),
            Map.entry(new Served("GET", true, "attributes"), S3Operation.GET_OBJECT_ATTRIBUTES));

    private SubResources() {
    }

    /**
     * The route of a request naming sub-resources, or null when it names none. When it names several,
     * one that is not served decides (S3 would not serve the combination either).
     */
    static Route route(String method, String bucket, String key, Set<String> query) {
        S3Operation served = null;
        for (String name : query) {
            if (!NAMES.contains(name)) {
                continue;
            }
            S3Operation operation = SERVED.get(new Served(method, key != null, name));
            if (operation == null) {
                return new Route(S3Operation.UNSUPPORTED_SUBRESOURCE, bucket, key, name);
            }
            served = operation;
        }
        return served == null ? null : Route.of(served, bucket, key);
    }
}
