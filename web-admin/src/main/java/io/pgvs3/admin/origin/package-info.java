/** Origin-backed buckets on the management port: {@code /admin/origins/{bucket}}. */
package io.pgvs3.admin.origin;
