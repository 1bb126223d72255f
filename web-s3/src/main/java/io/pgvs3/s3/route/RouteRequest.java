package io.pgvs3.s3.route;

import java.util.Set;
import java.util.function.Predicate;

/**
 * What the router looks at: the method, the raw path exactly as sent, the names of the query
 * parameters, and whether a header is present.
 */
public record RouteRequest(String method, String rawPath, Set<String> queryNames, Predicate<String> hasHeader) {
}
