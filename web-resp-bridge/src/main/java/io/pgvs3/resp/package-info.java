/**
 * The RESP2 bridge: a TCP listener started with the application, bridged to the store's cache
 * namespaces. Placeholder until the RESP issue; the WAR is deployed so the EAR has its final shape.
 */
package io.pgvs3.resp;
