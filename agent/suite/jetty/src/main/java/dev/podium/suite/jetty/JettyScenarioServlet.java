package dev.podium.suite.jetty;

import dev.podium.suite.common.BlockingDatabase;
import dev.podium.suite.common.servlet.ScenarioServlet;
import java.net.URI;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;

/** The suite's servlet (the common module's) with proxy by Jetty's HttpClient, a blocking GET on the request's thread. */
final class JettyScenarioServlet extends ScenarioServlet {
    private final transient HttpClient client;
    private final URI reference;

    JettyScenarioServlet(HttpClient client, URI reference, BlockingDatabase database) {
        super(database);
        this.client = client;
        this.reference = reference;
    }

    @Override
    protected Answer reference() throws Exception {
        ContentResponse answer = client.GET(reference);
        return new Answer(answer.getStatus(), answer.getContent());
    }
}
