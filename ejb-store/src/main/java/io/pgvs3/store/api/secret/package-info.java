/** Secrets given directly or as files (Kubernetes secrets), resolved the same way by every module. */
package io.pgvs3.store.api.secret;
