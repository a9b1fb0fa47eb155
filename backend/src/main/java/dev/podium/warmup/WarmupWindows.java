package dev.podium.warmup;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;

/** Reads warm-up windows: from a validated payload's warmupWindows array, or from its stored JSON. */
public final class WarmupWindows {

    private static final ObjectMapper JSON = new ObjectMapper();

    private WarmupWindows() {}

    /** The windows of a warmupWindows array (the payload's or stored); fork 0 where absent. */
    public static List<WarmupWindow> of(JsonNode array) {
        List<WarmupWindow> out = new ArrayList<>(array.size());
        for (JsonNode w : array) {
            out.add(new WarmupWindow(
                    w.path("fork").asInt(0),
                    w.get("seconds").doubleValue(),
                    w.get("requestsPerSecond").doubleValue(),
                    w.hasNonNull("jitShare") ? w.get("jitShare").doubleValue() : null));
        }
        return out;
    }

    /** The windows of the stored warmup_windows JSON; empty for null. */
    public static List<WarmupWindow> parse(String json) {
        if (json == null) {
            return List.of();
        }
        try {
            return of(JSON.readTree(json));
        } catch (java.io.IOException e) {
            throw new IllegalStateException("stored warm-up windows are not JSON", e);
        }
    }
}
