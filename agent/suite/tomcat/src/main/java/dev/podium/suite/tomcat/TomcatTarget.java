package dev.podium.suite.tomcat;

import dev.podium.suite.common.Env;
import dev.podium.suite.common.servlet.ScenarioServlet;
import dev.podium.suite.db.Database;
import java.nio.file.Path;
import org.apache.catalina.Context;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;

/** The suite's scenarios as a servlet on embedded Tomcat; the argument picks the threads: "platform" or "virtual". */
public final class TomcatTarget {
    public static void main(String[] args) throws Exception {
        String threads = args.length > 0 ? args[0] : "platform";
        if (!threads.equals("platform") && !threads.equals("virtual")) {
            throw new IllegalArgumentException("threads must be platform or virtual, not " + threads);
        }
        int port = Env.port();

        Tomcat tomcat = new Tomcat();
        // Tomcat's work folder: one per port under the temp folder, reused by every start (not the working directory,
        // which may be a source tree).
        tomcat.setBaseDir(Path.of(System.getProperty("java.io.tmpdir"), "podium-tomcat-" + port)
                .toString());
        Connector connector = new Connector(
                "org.apache.coyote.http11.Http11NioProtocol"); // defaults: maxThreads 200, maxConnections 8192
        connector.setPort(port);
        connector.setProperty("address", "127.0.0.1");
        connector.setProperty("acceptCount", "1024");
        // The suite's keep-alive rule: no server closes a keep-alive connection after N requests (Tomcat's default is
        // 100).
        connector.setProperty("maxKeepAliveRequests", "-1");
        // Tomcat's documented connector attribute: run each request on a new virtual thread instead of the pool.
        connector.setProperty("useVirtualThreads", String.valueOf(threads.equals("virtual")));
        // A setting for measure-change-measure (podium-agent ab --b-env PODIUM_TOMCAT_MAX_THREADS=8): the pool's
        // size. Unset, as on the board, Tomcat keeps its documented default of 200.
        String maxThreads = System.getenv("PODIUM_TOMCAT_MAX_THREADS");
        if (maxThreads != null && !maxThreads.isBlank()) {
            int n = Integer.parseInt(maxThreads.strip());
            if (n < 1) {
                throw new IllegalArgumentException("PODIUM_TOMCAT_MAX_THREADS must be at least 1, not " + n);
            }
            connector.setProperty("maxThreads", String.valueOf(n));
        }
        tomcat.setConnector(connector);

        Context context = tomcat.addContext("", null);
        // The db routes' pool (PODIUM_TARGET_DB_*) starts on the first db request: no database is needed to start.
        Tomcat.addServlet(
                context,
                "scenarios",
                new TomcatScenarioServlet(Env.referenceRequest(), Database.fromEnvironment(System.getenv())));
        for (String path : ScenarioServlet.PATHS) {
            context.addServletMappingDecoded(path, "scenarios");
        }
        tomcat.start();
        System.out.println("tomcat (" + threads + " threads) listening on 127.0.0.1:" + port);
        tomcat.getServer().await();
    }
}
