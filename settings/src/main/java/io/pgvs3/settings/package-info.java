/**
 * The configuration kernel every module shares (ADR 42): {@link io.pgvs3.settings.Settings} reads a
 * module's settings as text and reports a value that does not parse with its key and the value given,
 * never as a bare parser exception; {@link io.pgvs3.settings.Secrets} resolves a secret given directly
 * or as a file (a Kubernetes secret). Each module keeps its own typed config holder over these. Pure Java
 * plus the MicroProfile Config API; depends on no other pgvs3 code, so that no module has to reach into
 * another (the store's API among them) to read its settings.
 */
package io.pgvs3.settings;
