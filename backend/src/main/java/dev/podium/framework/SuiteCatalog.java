package dev.podium.framework;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import jakarta.annotation.PostConstruct;
import jakarta.enterprise.context.ApplicationScoped;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import lombok.RequiredArgsConstructor;

/**
 * The suite's description of each target (agent/suite/suite.json, packaged with the service at build time): its
 * module, tuning, notes and classification. Runs carry none of these, so they are the suite's as this service knows it.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class SuiteCatalog {

    /** One target of suite.json; classification is null until suite.json records it. */
    public record Target(
            String name,
            String framework,
            String ioModel,
            String module,
            String tuning,
            String notes,
            String classification) {}

    private final ObjectMapper json;

    private volatile List<Target> targets = List.of();
    private volatile String suiteVersion;

    @PostConstruct
    void load() {
        try (InputStream in = SuiteCatalog.class.getResourceAsStream("/suite/suite.json")) {
            if (in == null) {
                return; // a service built without agent/suite: pages show no notes
            }
            JsonNode root = json.readTree(in);
            suiteVersion = text(root, "version");
            List<Target> all = new ArrayList<>();
            for (JsonNode t : root.path("targets")) {
                all.add(target(t));
            }
            if (root.has("baseline")) {
                all.add(target(root.get("baseline")));
            }
            targets = List.copyOf(all);
        } catch (IOException e) {
            throw new IllegalStateException("read suite/suite.json", e);
        }
    }

    public List<Target> targets() {
        return targets;
    }

    /** The suite version these descriptions come from (null without suite.json). */
    public String suiteVersion() {
        return suiteVersion;
    }

    /** The target measuring this framework on this I/O model, or null. */
    public Target find(String framework, String ioModel) {
        return targets.stream()
                .filter(t -> framework.equals(t.framework()) && ioModel.equals(t.ioModel()))
                .findFirst()
                .orElse(null);
    }

    private static Target target(JsonNode t) {
        return new Target(
                text(t, "name"),
                text(t, "framework"),
                text(t, "ioModel"),
                text(t, "module"),
                text(t, "tuning"),
                text(t, "notes"),
                text(t, "classification"));
    }

    private static String text(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.asText();
    }
}
