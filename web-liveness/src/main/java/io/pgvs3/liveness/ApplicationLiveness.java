package io.pgvs3.liveness;

import jakarta.enterprise.context.ApplicationScoped;
import java.lang.management.ManagementFactory;
import java.util.Set;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.ObjectName;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Liveness;

/**
 * UP while the pgvs3 application is starting or started, by Liberty's ApplicationMBean; DOWN when it
 * failed to start, was stopped, or is not installed, so that a gateway whose application does not run
 * does not call itself alive.
 */
@Liveness
@ApplicationScoped
public class ApplicationLiveness implements HealthCheck {

    static final String APPLICATION = "pgvs3";
    private static final Set<String> ALIVE = Set.of("STARTING", "STARTED");

    @Override
    public HealthCheckResponse call() {
        String state = state();
        return HealthCheckResponse.named("pgvs3-application").status(alive(state)).withData("state", state).build();
    }

    static boolean alive(String state) {
        return ALIVE.contains(state);
    }

    private static String state() {
        try {
            ObjectName name = new ObjectName(
                    "WebSphere:service=com.ibm.websphere.application.ApplicationMBean,name=" + APPLICATION);
            return String.valueOf(ManagementFactory.getPlatformMBeanServer().getAttribute(name, "State"));
        } catch (InstanceNotFoundException e) {
            return "NOT_INSTALLED";
        } catch (JMException e) {
            return "UNKNOWN (" + e.getMessage() + ")";
        }
    }
}
