package dev.podium.suite.tomcat;

import dev.podium.suite.common.BlockingDatabase;
import dev.podium.suite.common.Env;
import dev.podium.suite.common.servlet.ScenarioServlet;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/**
 * The suite's servlet (the common module's) with proxy by the JDK's HttpClient (HTTP/1.1), a blocking send on the
 * request's thread: Tomcat ships no client.
 */
final class TomcatScenarioServlet extends ScenarioServlet {
    private final transient HttpClient client = Env.jdkClient();
    private final transient HttpRequest referenceRequest;

    TomcatScenarioServlet(HttpRequest referenceRequest, BlockingDatabase database) {
        super(database);
        this.referenceRequest = referenceRequest;
    }

    @Override
    protected Answer reference() throws Exception {
        HttpResponse<byte[]> answer = client.send(referenceRequest, HttpResponse.BodyHandlers.ofByteArray());
        return new Answer(answer.statusCode(), answer.body());
    }
}
