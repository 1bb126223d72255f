/**
 * Error replies: Redis' exact texts as named constants and factories, and the exception a command throws
 * to answer one. Pure Java.
 */
package io.pgvs3.resp.error;
