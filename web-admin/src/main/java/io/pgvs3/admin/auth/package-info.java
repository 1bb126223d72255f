/**
 * Authentication of admin requests: HTTP Basic with the gateway's access key as user name and its
 * secret key as password, compared in constant time. Pure parsing and comparison live in
 * {@link io.pgvs3.admin.auth.BasicCredentials}; the JAX-RS filter only applies it.
 */
package io.pgvs3.admin.auth;
