/**
 * Whether the pgvs3 application runs, checked from a small application of its own: MicroProfile Health
 * counts no checks as UP, and the EAR's own checks do not exist when it failed to start. Touches only the
 * platform MBean server (Liberty's ApplicationMBean).
 */
package io.pgvs3.liveness;
