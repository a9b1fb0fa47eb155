package dev.podium.suite.quarkus;

import dev.podium.suite.common.HttpDate;
import jakarta.ws.rs.container.ContainerResponseContext;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/** Quarkus sends no Date header; a Quarkus REST response filter (its documented way to add headers) sets it. */
public class DateFilter {
    @ServerResponseFilter
    public void date(ContainerResponseContext response) {
        response.getHeaders().putSingle("Date", HttpDate.now());
    }
}
