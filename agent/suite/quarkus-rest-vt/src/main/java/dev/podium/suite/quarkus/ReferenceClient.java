package dev.podium.suite.quarkus;

import jakarta.ws.rs.GET;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The reference service, through the Quarkus REST client, blocking; its URL (path included) is quarkus.rest-client.reference.url. */
@RegisterRestClient(configKey = "reference")
public interface ReferenceClient {
    @GET
    String get();
}
