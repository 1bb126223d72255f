/**
 * The store's public face: {@code @Local} business interfaces and immutable records. The web modules
 * compile against this package (and {@code error}) only, never against store internals; an
 * architecture test enforces it. Nothing here touches JDBC.
 */
package io.pgvs3.store.api;
