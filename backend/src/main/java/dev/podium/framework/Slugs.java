package dev.podium.framework;

import java.util.Locale;

/**
 * A framework's name as a URL segment: lowercase letters, digits and single dashes; dots and apostrophes are dropped
 * so that "Vert.x Web" reads vertx-web ("Spring MVC" -> spring-mvc, "JDK HttpServer" -> jdk-httpserver).
 */
public final class Slugs {

    private Slugs() {}

    public static String of(String name) {
        String s = name.toLowerCase(Locale.ROOT).replaceAll("['.’]", "").replaceAll("[^a-z0-9]+", "-");
        return s.replaceAll("^-+|-+$", "");
    }
}
