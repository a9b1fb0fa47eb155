package dev.podium.suite.jetty;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.suite.db.Database;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;

/**
 * The scenarios as one blocking servlet: it runs on whichever thread Jetty's pool gives it. The db routes use blocking
 * JDBC on that thread (the db-jdbc module's Database).
 */
final class ScenarioServlet extends HttpServlet {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {}

    private final transient HttpClient client;
    private final URI reference;
    private final transient Database database;

    ScenarioServlet(HttpClient client, URI reference, Database database) {
        this.client = client;
        this.reference = reference;
        this.database = database;
    }

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
                case "/queries" -> json(response, database.worlds(Database.count(request.getParameter("n"))));
                case "/updates" -> json(response, database.update(Database.count(request.getParameter("n"))));
                default ->
                    send(
                            response,
                            200,
                            "text/html; charset=utf-8",
                            database.fortunesPage().getBytes(StandardCharsets.UTF_8));
            }
        } catch (SQLException e) {
            send(response, 500, "text/plain", String.valueOf(e).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void json(HttpServletResponse response, Object value) throws IOException {
        send(response, 200, "application/json", MAPPER.writeValueAsBytes(value));
    }

    private void proxy(HttpServletResponse response) throws IOException {
        try {
            ContentResponse answer = client.GET(reference);
            if (answer.getStatus() == 200) {
                send(response, 200, "application/json", answer.getContent());
            } else {
                send(
                        response,
                        502,
                        "text/plain",
                        ("reference answered " + answer.getStatus()).getBytes(StandardCharsets.UTF_8));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            response.sendError(503);
        } catch (Exception e) {
            send(response, 502, "text/plain", String.valueOf(e).getBytes(StandardCharsets.UTF_8));
        }
    }

    private static void delay(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long ms;
        try {
            ms = Long.parseLong(request.getParameter("ms"));
        } catch (NumberFormatException e) {
            ms = -1;
        }
        if (ms < 0) {
            send(
                    response,
                    400,
                    "text/plain",
                    "ms must be a whole number of milliseconds".getBytes(StandardCharsets.UTF_8));
            return;
        }
        try {
            Thread.sleep(ms);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        send(response, 200, "text/plain", HELLO);
    }

    private static void send(HttpServletResponse response, int status, String contentType, byte[] body)
            throws IOException {
        response.setStatus(status);
        response.setContentType(contentType);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
