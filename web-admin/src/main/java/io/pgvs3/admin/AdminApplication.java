package io.pgvs3.admin;

import jakarta.ws.rs.ApplicationPath;
import jakarta.ws.rs.core.Application;

/** {@code /admin/*} on the management port. */
@ApplicationPath("/")
public class AdminApplication extends Application {
}
