/**
 * Typed reading of settings, shared by every module's config holder: a value that does not parse is
 * reported with its key and the value given, never as a bare parser exception. Pure Java plus the
 * MicroProfile Config API.
 */
package io.pgvs3.store.api.config;
