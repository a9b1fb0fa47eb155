package dev.podium.suite.common.servlet;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.suite.common.BlockingDatabase;
import dev.podium.suite.common.Delay;
import dev.podium.suite.common.Worlds;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

/**
 * The scenarios as one blocking servlet (Servlet 6.1), run by the jetty and tomcat targets on whichever thread their
 * container gives it: json by Jackson, delay by Thread.sleep, the db routes by blocking calls on that thread. Each
 * target fetches the proxy's answer with its own client ({@link #reference}).
 */
public abstract class ScenarioServlet extends HttpServlet {
    /** The paths the servlet serves, each mapped to it by the target. */
    public static final String[] PATHS = {
        "/plaintext", "/json", "/proxy", "/delay", "/db", "/queries", "/updates", "/fortunes"
    };

    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    /** The json scenario's object. */
    public record Message(String message) {}

    /** The reference service's answer: its status and body. */
    public record Answer(int status, byte[] body) {}

    private final transient BlockingDatabase database;

    protected ScenarioServlet(BlockingDatabase database) {
        this.database = database;
    }

    /** GET of the reference service, blocking the request's thread until it answers. */
    protected abstract Answer reference() throws Exception;

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        switch (request.getServletPath()) {
            case "/plaintext" -> send(response, 200, "text/plain", HELLO);
            case "/json" ->
                send(response, 200, "application/json", MAPPER.writeValueAsBytes(new Message("Hello, World!")));
            case "/proxy" -> proxy(response);
            case "/delay" -> delay(request, response);
            case "/db", "/queries", "/updates", "/fortunes" -> db(request, response);
            default -> response.sendError(404);
        }
    }

    private void db(HttpServletRequest request, HttpServletResponse response) throws IOException {
        try {
            switch (request.getServletPath()) {
                case "/db" -> json(response, database.world());
                case "/queries" -> json(response, database.worlds(Worlds.count(request.getParameter("n"))));
                case "/updates" -> json(response, database.update(Worlds.count(request.getParameter("n"))));
                default -> send(response, 200, "text/html; charset=utf-8", utf8(database.fortunesPage()));
            }
        } catch (SQLException e) {
            send(response, 500, "text/plain", utf8(String.valueOf(e)));
        }
    }

    private static void json(HttpServletResponse response, Object value) throws IOException {
        send(response, 200, "application/json", MAPPER.writeValueAsBytes(value));
    }

    private void proxy(HttpServletResponse response) throws IOException {
        try {
            Answer answer = reference();
            if (answer.status() == 200) {
                send(response, 200, "application/json", answer.body());
            } else {
                send(response, 502, "text/plain", utf8("reference answered " + answer.status()));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            response.sendError(503);
        } catch (Exception e) {
            send(response, 502, "text/plain", utf8(String.valueOf(e)));
        }
    }

    private static void delay(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long ms = Delay.millis(request.getParameter("ms"));
        if (ms < 0) {
            send(response, 400, "text/plain", utf8(Delay.BAD_MS));
            return;
        }
        Delay.sleep(ms);
        send(response, 200, "text/plain", HELLO);
    }

    private static byte[] utf8(String text) {
        return text.getBytes(StandardCharsets.UTF_8);
    }

    private static void send(HttpServletResponse response, int status, String contentType, byte[] body)
            throws IOException {
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
