package dev.podium.suite.quarkus;

import io.smallrye.common.annotation.NonBlocking;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import java.time.Duration;
import org.eclipse.microprofile.rest.client.inject.RestClient;
import org.jboss.resteasy.reactive.RestQuery;

/**
 * The suite's scenarios as a Quarkus REST resource, all on the Vert.x event loop: the synchronous ones are marked
 * {@code @NonBlocking} (Quarkus would otherwise dispatch them to a worker thread), the others return a Uni.
 */
@Path("/")
public class ScenarioResource {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    @RestClient
    ReferenceClient reference;

    @GET
    @Path("plaintext")
    @Produces(MediaType.TEXT_PLAIN)
    @NonBlocking
    public String plaintext() {
        return HELLO;
    }

    @GET
    @Path("json")
    @Produces(MediaType.APPLICATION_JSON)
    @NonBlocking
    public Message json() {
        return new Message(HELLO);
    }

    @GET
    @Path("proxy")
    @Produces(MediaType.APPLICATION_JSON)
    public Uni<String> proxy() {
        return reference.get();
    }

    @GET
    @Path("delay")
    @Produces(MediaType.TEXT_PLAIN)
    public Uni<String> delay(@RestQuery Long ms) {
        if (ms == null || ms < 0) {
            throw new BadRequestException("ms must be a whole number of milliseconds");
        }
        return Uni.createFrom().item(HELLO).onItem().delayIt().by(Duration.ofMillis(ms));
    }
}
