/**
 * Operator endpoints on the management port (context root {@code /admin}, virtual host
 * {@code default_host}), each behind the gateway's own credentials. Uses the store's API package only.
 */
package io.pgvs3.admin;
