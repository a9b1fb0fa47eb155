package dev.podium.suite.quarkus;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import org.eclipse.microprofile.rest.client.inject.RegisterRestClient;

/** The reference service, through the Quarkus REST client; its URL (path included) is quarkus.rest-client.reference.url. */
@RegisterRestClient(configKey = "reference")
public interface ReferenceClient {
    @GET
    Uni<String> get();
}
