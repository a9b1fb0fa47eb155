package dev.podium.suite.jetty;

import dev.podium.suite.common.Env;
import dev.podium.suite.common.servlet.ScenarioServlet;
import dev.podium.suite.db.Database;
import org.eclipse.jetty.client.HttpClient;
import org.eclipse.jetty.ee11.servlet.ServletContextHandler;
import org.eclipse.jetty.ee11.servlet.ServletHolder;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.VirtualThreads;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

/** The suite's scenarios as a servlet on embedded Jetty; the argument picks the threads: "platform" or "virtual". */
public final class JettyTarget {
    public static void main(String[] args) throws Exception {
        String threads = args.length > 0 ? args[0] : "platform";
        int port = Env.port();

        QueuedThreadPool pool = new QueuedThreadPool(); // Jetty's default: at most 200 platform threads
        switch (threads) {
            case "platform" -> {}
            // Jetty's documented switch: blocking application code runs on a new virtual thread per task.
            case "virtual" ->
                pool.setVirtualThreadsExecutor(VirtualThreads.getNamedVirtualThreadsExecutor("jetty-vt-"));
            default -> throw new IllegalArgumentException("threads must be platform or virtual, not " + threads);
        }
        Server server = new Server(pool);
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(port);
        connector.setAcceptQueueSize(1024);
        server.addConnector(connector);

        HttpClient client = new HttpClient(); // Jetty's default: at most 64 connections per destination
        server.addBean(client);

        ServletContextHandler context = new ServletContextHandler();
        // The db routes' pool (PODIUM_TARGET_DB_*) starts on the first db request: no database is needed to start.
        ServletHolder scenarios = new ServletHolder(
                "scenarios",
                new JettyScenarioServlet(client, Env.referenceUri(), Database.fromEnvironment(System.getenv())));
        for (String path : ScenarioServlet.PATHS) {
            context.addServlet(scenarios, path);
        }
        server.setHandler(context);
        server.start();
        System.out.println("jetty (" + threads + " threads) listening on 127.0.0.1:" + port);
        server.join();
    }
}
