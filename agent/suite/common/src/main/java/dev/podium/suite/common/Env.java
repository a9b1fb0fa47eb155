package dev.podium.suite.common;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;

/** What the agent tells a target through its environment (agent/suite/README.md): its port, the reference's URL. */
public final class Env {
    private Env() {}

    /** PORT, the port to listen on (127.0.0.1); 8080 when unset. */
    public static int port() {
        return Integer.parseInt(System.getenv().getOrDefault("PORT", "8080"));
    }

    /** PODIUM_REFERENCE_URL, the reference service's URL that proxy relays. */
    public static String referenceUrl() {
        return System.getenv().getOrDefault("PODIUM_REFERENCE_URL", "http://127.0.0.1:9090/reference");
    }

    /** {@link #referenceUrl} as a URI. */
    public static URI referenceUri() {
        return URI.create(referenceUrl());
    }

    /**
     * The JDK's HttpClient, for the targets whose framework ships no client, with HTTP/1.1 explicitly: its default
     * (HTTP/2) would offer an h2c upgrade on every plain-HTTP request.
     */
    public static HttpClient jdkClient() {
        return HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    }

    /** The GET of the reference service that proxy sends with {@link #jdkClient}. */
    public static HttpRequest referenceRequest() {
        return HttpRequest.newBuilder(referenceUri()).GET().build();
    }
}
