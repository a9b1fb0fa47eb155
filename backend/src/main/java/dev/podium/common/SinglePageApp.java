package dev.podium.common;

import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Optional;

/** The built frontend's index.html (from ../frontend/dist), answered for history-mode routes such as /runs/<id>. */
@ApplicationScoped
public class SinglePageApp {

    private static final String INDEX = "META-INF/resources/index.html";

    private final byte[] index;

    SinglePageApp() {
        try (InputStream in = Thread.currentThread().getContextClassLoader().getResourceAsStream(INDEX)) {
            index = in == null ? null : in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The page, when the frontend was built into this service and the request is a browser navigation outside the API. */
    public Optional<byte[]> indexFor(String path, String accept) {
        boolean appPath = !path.startsWith("/api/") && !path.equals("/api") && !path.startsWith("/q/") && !path.equals("/q");
        boolean html = accept != null && accept.contains("text/html");
        return index != null && appPath && html ? Optional.of(index) : Optional.empty();
    }
}
