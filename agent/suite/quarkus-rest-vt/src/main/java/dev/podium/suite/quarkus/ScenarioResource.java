package dev.podium.suite.quarkus;

import io.smallrye.common.annotation.RunOnVirtualThread;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * The suite's scenarios as a Quarkus REST resource whose every endpoint runs on a new virtual thread
 * ({@code @RunOnVirtualThread}, the Quarkus "virtual threads in REST applications" guide): blocking code, blocking client.
 */
@Path("/")
@RunOnVirtualThread
public class ScenarioResource {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    @RestClient
    ReferenceClient reference;

    @GET
    @Path("plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    public String plaintext() {
        return HELLO;
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    public Message json() {
        return new Message(HELLO);
    }

    @GET
    @Path("proxy")
    @Produces(MediaType.APPLICATION_JSON)
    public String proxy() {
        return reference.get();
    }

    @GET
    @Path("delay")
    @Produces(MediaType.TEXT_PLAIN)
    public String delay(@RestQuery Long ms) throws InterruptedException {
        if (ms == null || ms < 0) {
            throw new BadRequestException("ms must be a whole number of milliseconds");
        }
        Thread.sleep(ms);
        return HELLO;
    }
}
