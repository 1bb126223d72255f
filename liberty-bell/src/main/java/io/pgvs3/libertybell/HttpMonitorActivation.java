package io.pgvs3.libertybell;

import com.ibm.wsspi.application.handler.ApplicationTypeSupported;

/**
 * Lets Liberty's HTTP monitor read {@code <monitor filter>}. In Liberty 25.0.0.12 the component that reads
 * the filter for the HTTP monitor ({@code io.openliberty.http.monitor.MonitorAppStateListener}) holds a
 * mandatory reference to an {@link ApplicationTypeSupported} service of {@code type=spring}, which only the
 * Spring Boot features register. Without one it never activates, its "HTTP monitoring on" flag keeps its
 * initial {@code true}, and the monitor's servlet filter builds (and, with HTTP filtered out, throws away) an
 * HTTP statistic on every request of every application. Registered through BELL with {@code type=spring}
 * (see {@code META-INF/services}), this marker satisfies the reference; the component then activates and
 * turns the filter's work off when {@code HTTP} is not in the monitor filter (ADR 69). It supports no
 * application type: the server deploys no Spring Boot application.
 */
public final class HttpMonitorActivation implements ApplicationTypeSupported {
}
