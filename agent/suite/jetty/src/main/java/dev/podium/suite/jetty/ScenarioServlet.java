package dev.podium.suite.jetty;

import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import org.eclipse.jetty.client.ContentResponse;
import org.eclipse.jetty.client.HttpClient;

/** The four scenarios as one blocking servlet: it runs on whichever thread Jetty's pool gives it. */
final class ScenarioServlet extends HttpServlet {
    private static final byte[] HELLO = "Hello, World!".getBytes(StandardCharsets.UTF_8);
    private static final ObjectMapper MAPPER = new ObjectMapper();

    record Message(String message) {}

    private final transient HttpClient client;
    private final URI reference;

    ScenarioServlet(HttpClient client, URI reference) {
        this.client = client;
        this.reference = reference;
    }

    @Override
    protected void doGet(HttpServletRequest request, HttpServletResponse response) throws IOException {
        switch (request.getServletPath()) {
            case "/plaintext" -> send(response, 200, "text/plain", HELLO);
            case "/json" ->
                send(response, 200, "application/json", MAPPER.writeValueAsBytes(new Message("Hello, World!")));
            case "/proxy" -> proxy(response);
            case "/delay" -> delay(request, response);
            default -> response.sendError(404);
        }
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
