/** Store failures: one enum of reasons and the exception that carries it. */
package io.pgvs3.store.api.error;
