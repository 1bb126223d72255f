package io.pgvs3.liveness;

import java.lang.management.ManagementFactory;
import javax.management.InstanceNotFoundException;
import javax.management.JMException;
import javax.management.ObjectName;

/** The state of the pgvs3 application (EAR) by Liberty's ApplicationMBean: STARTING, STARTED, INSTALLED, ... */
final class ApplicationState {

    static final String APPLICATION = "pgvs3";
    static final String STARTED = "STARTED";
    static final String STARTING = "STARTING";

    private ApplicationState() {
    }

    static String current() {
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
