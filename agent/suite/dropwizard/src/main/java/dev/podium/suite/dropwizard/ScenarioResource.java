package dev.podium.suite.dropwizard;

import jakarta.ws.rs.BadRequestException;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.client.Client;
import jakarta.ws.rs.client.WebTarget;
import jakarta.ws.rs.core.MediaType;

/** The suite's scenarios as a blocking JAX-RS resource, run on Jetty's request threads. */
@Path("/")
public class ScenarioResource {
    static final String HELLO = "Hello, World!";

    public record Message(String message) {}

    private final WebTarget reference;

    ScenarioResource(Client client, String referenceUrl) {
        this.reference = client.target(referenceUrl);
    }

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
        return reference.request(MediaType.APPLICATION_JSON).get(String.class);
    }

    @GET
    @Path("delay")
    @Produces(MediaType.TEXT_PLAIN)
    public String delay(@QueryParam("ms") Long ms) throws InterruptedException {
        if (ms == null || ms < 0) {
            throw new BadRequestException("ms must be a whole number of milliseconds");
        }
        Thread.sleep(ms);
        return HELLO;
    }
}
