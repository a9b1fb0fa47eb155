package dev.podium.hostsettings;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.replica.Routed;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.UUID;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/** Which host settings differ among the runs a table ranks together (issue 10: not ranked together without saying so). */
@ApplicationScoped
@RequiredArgsConstructor
public class HostSettingsDifferences {

    static final String NOT_RECORDED = "not recorded";
    private static final ObjectMapper JSON = new ObjectMapper();

    @Routed
    private final DataSource dataSource;

    /** {@code targets}: run id -> the targets shown from it. Settings with one value everywhere are left out. */
    public List<SettingDifference> among(Map<UUID, List<String>> targets) {
        if (targets.size() < 2) {
            return List.of();
        }
        Map<UUID, Map<String, String>> settings = new LinkedHashMap<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps =
                        c.prepareStatement("select id, host_settings::text from runs where id = any (?)")) {
            ps.setArray(1, c.createArrayOf("uuid", targets.keySet().toArray()));
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    settings.put(rs.getObject(1, UUID.class), flat(rs.getString(2)));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read host settings", e);
        }
        return differences(settings, targets);
    }

    /** Pure: the settings whose values (a missing one counts as "not recorded") are not all equal. */
    static List<SettingDifference> differences(
            Map<UUID, Map<String, String>> settings, Map<UUID, List<String>> targets) {
        TreeSet<String> keys = new TreeSet<>();
        settings.values().forEach(m -> keys.addAll(m.keySet()));
        List<SettingDifference> result = new ArrayList<>();
        for (String key : keys) {
            Map<String, List<String>> byValue = new TreeMap<>();
            settings.forEach(
                    (run, m) -> byValue.computeIfAbsent(m.getOrDefault(key, NOT_RECORDED), v -> new ArrayList<>())
                            .addAll(targets.getOrDefault(run, List.of())));
            if (byValue.size() > 1) {
                result.add(new SettingDifference(
                        key,
                        byValue.entrySet().stream()
                                .map(e -> new SettingDifference.Value(
                                        e.getKey(),
                                        e.getValue().stream().sorted().toList()))
                                .toList()));
            }
        }
        return result;
    }

    /** host.settings as property -> value text; an object property (vulnerabilities) becomes one entry per member. */
    static Map<String, String> flat(String json) {
        Map<String, String> out = new TreeMap<>();
        if (json == null) {
            return out;
        }
        try {
            JsonNode node = JSON.readTree(json);
            for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                Map.Entry<String, JsonNode> e = it.next();
                if (e.getValue().isObject()) {
                    e.getValue()
                            .fields()
                            .forEachRemaining(f -> out.put(e.getKey() + "." + f.getKey(), text(f.getValue())));
                } else {
                    out.put(e.getKey(), text(e.getValue()));
                }
            }
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("stored host settings are not JSON", e);
        }
        return out;
    }

    private static String text(JsonNode v) {
        return v.isTextual() ? v.textValue() : v.toString();
    }
}
