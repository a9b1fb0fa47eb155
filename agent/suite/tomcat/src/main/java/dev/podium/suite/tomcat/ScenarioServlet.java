package dev.podium.suite.tomcat;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.suite.db.Database;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.sql.SQLException;

/**
 * The scenarios as one blocking servlet: it runs on whichever thread Tomcat's connector gives it. The db routes use
 * blocking JDBC on that thread (the db-jdbc module's Database).
 */
final class ScenarioServlet extends HttpServlet {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {}

    // HTTP/1.1 explicitly: the default (HTTP/2) would offer an h2c upgrade on every plain-HTTP request.
    private final transient HttpClient client =
            HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private final transient HttpRequest referenceRequest;
    private final transient Database database;

    ScenarioServlet(URI reference, Database database) {
        this.referenceRequest = HttpRequest.newBuilder(reference).GET().build();
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
            HttpResponse<byte[]> answer = client.send(referenceRequest, HttpResponse.BodyHandlers.ofByteArray());
            if (answer.statusCode() == 200) {
                send(response, 200, "application/json", answer.body());
            } else {
                send(
                        response,
                        502,
                        "text/plain",
                        ("reference answered " + answer.statusCode()).getBytes(StandardCharsets.UTF_8));
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
