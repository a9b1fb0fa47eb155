package dev.podium.composite;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.verdict.RankRange;
import java.util.List;
import java.util.Map;
import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/composite (read-api.md "Composite"). */
public record CompositeResponse(
        @Schema(nullable = true, description = "the host class every scenario's board was read on")
        String hostClass,

        @Schema(nullable = true, description = "the vCPU count every scenario's board was read on")
        Integer vcpus,

        @Schema(description = "the scenarios counted: those with ranked rows with an SLA throughput, in weight order")
        List<String> scenarios,

        @Schema(description = "scenario -> its weight in the score, every scenario the composite weighs")
        Map<String, Integer> weights,

        @Schema(
                description = "the common confidence of the verdicts behind the rank ranges (every pair of scored"
                        + " rows judged at once, methodology section 10)")
        double confidence,

        List<Row> rows) {

    /** One target (framework and I/O model) across the scenarios. */
    @Schema(name = "CompositeRow")
    public record Row(
            String framework,
            String ioModel,
            @Schema(nullable = true) String classification,

            @Schema(
                    nullable = true,
                    description = "the weighted geometric mean of the row's shares of each counted scenario's best"
                            + " ranked SLA throughput (1 = the best in every one); null when a counted scenario has"
                            + " no ranked SLA throughput of it")
            Double score,

            @Schema(nullable = true, description = "the score's 95% interval, low end (log scale)")
            Double scoreLow,

            @Schema(nullable = true, description = "the score's 95% interval, high end")
            Double scoreHigh,

            @Schema(description = "scenario -> the row's SLA throughput over that scenario's best; null: none")
            Map<String, Double> shares,

            @Schema(description = "counted scenarios it has no ranked SLA throughput in")
            List<String> missing,

            @JsonUnwrapped RankRange place,

            @Schema(description = "some counted figure is a lower bound: the score reads at least")
            boolean atLeast) {}
}
