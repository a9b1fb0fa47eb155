package dev.podium.framework;

import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.UriBuilder;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import lombok.RequiredArgsConstructor;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * {@code framework=} on every read endpoint matches the stored name case-insensitively or by slug: before matching,
 * a value that stands for a stored name is replaced by that name (unknown values pass unchanged and match nothing).
 */
@RequiredArgsConstructor
public class FrameworkParameterFilter {

    private final FrameworkNames names;

    @ServerRequestFilter(preMatching = true)
    public Uni<Void> resolve(ContainerRequestContext request) {
        String path = request.getUriInfo().getPath();
        List<String> given = request.getUriInfo().getQueryParameters(true).get("framework");
        if (given == null
                || given.isEmpty()
                || !path.startsWith("/api/")
                || !("GET".equals(request.getMethod()) || "HEAD".equals(request.getMethod()))) {
            return Uni.createFrom().voidItem();
        }
        // the names come from the database: resolve on a worker thread, never the event loop
        return Uni.createFrom()
                .<Void>item(() -> {
                    List<String> resolved = new ArrayList<>();
                    boolean changed = false;
                    for (String v : given) {
                        String name = v.isEmpty() ? null : names.resolve(v);
                        resolved.add(name == null ? v : name);
                        changed |= name != null && !name.equals(v);
                    }
                    if (changed) {
                        URI uri = UriBuilder.fromUri(request.getUriInfo().getRequestUri())
                                .replaceQueryParam(
                                        "framework",
                                        resolved.stream()
                                                .map(FrameworkParameterFilter::literal)
                                                .toArray())
                                .build();
                        request.setRequestUri(uri);
                    }
                    return null;
                })
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool());
    }

    /** A value UriBuilder takes literally (it reads braces as template parameters). */
    private static String literal(String v) {
        return v.replace("{", "%7B").replace("}", "%7D");
    }
}
