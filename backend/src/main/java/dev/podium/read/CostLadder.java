package dev.podium.read;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/**
 * How a run chose the offered rates of its fixed-rate cost cells (the payload's costLadder, stored by V22 in
 * cells.cost_ladder; methodology section 4, "Cost at a fixed load").
 */
@Schema(description = "a fixed-rate cost cell's ladder: how the run chose its offered rates")
public record CostLadder(
        @Schema(description = "every rung of the run's ladder, in req/s (the cell's targetRate is one of them)")
        List<Double> rates,

        @Schema(
                nullable = true,
                description = "the host capacity in req/s the rungs were chosen under (the run's baseline, closed"
                        + " loop); null for rates given by hand")
        Double capacityRequestsPerSecond,

        @Schema(
                nullable = true,
                description = "the share of that capacity the top rung stays under; null for rates given by hand")
        Double share) {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** The stored jsonb text as a ladder; null for a cell without one. */
    public static CostLadder stored(String json) {
        if (json == null) {
            return null;
        }
        try {
            JsonNode n = JSON.readTree(json);
            List<Double> rates = new ArrayList<>();
            n.path("rates").forEach(r -> rates.add(r.doubleValue()));
            return new CostLadder(List.copyOf(rates), number(n, "capacityRequestsPerSecond"), number(n, "share"));
        } catch (IOException e) {
            throw new UncheckedIOException("read a stored cost ladder", e);
        }
    }

    private static Double number(JsonNode n, String field) {
        JsonNode v = n.get(field);
        return v == null || v.isNull() ? null : v.doubleValue();
    }
}
