/** MicroProfile Health checks, served on the management port (/health/live, /ready, /started). */
package io.pgvs3.s3.health;
