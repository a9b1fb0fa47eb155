package dev.podium.framework;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class SlugsTest {

    @Test
    void names_become_lowercase_dashed_slugs() {
        assertEquals("spring-mvc", Slugs.of("Spring MVC"));
        assertEquals("jdk-httpserver", Slugs.of("JDK HttpServer"));
        assertEquals("vertx-web", Slugs.of("Vert.x Web"));
        assertEquals("apache-pekko-http", Slugs.of("Apache Pekko HTTP"));
        assertEquals("ktor-cio-engine", Slugs.of("Ktor, \"CIO\"; engine"));
        assertEquals("helidon-se-4", Slugs.of("  Helidon SE 4 "));
    }
}
