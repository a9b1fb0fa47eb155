package dev.podium.leaderboard;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

/** GET /api/leaderboard (read-api.md "Leaderboard"). */
public record LeaderboardResponse(String scenario, String loadModel, double sla,
                                  @Schema(nullable = true) String hostClass, @Schema(nullable = true) Integer vcpus,
                                  Available available, @Schema(nullable = true) Baseline baseline, List<Row> rows) {

    /** Filter values that exist, for the pickers. */
    public record Available(List<String> hostClasses, List<Integer> vcpus, List<String> jvmVendors,
                            List<Integer> jvmMajors, List<String> frameworks, List<String> ioModels,
                            List<Integer> connections) {
    }

    /** The host's nginx baseline in the most recent matching run that has one. */
    public record Baseline(String framework, double bestThroughput, UUID runId) {
    }

    /** One framework target's figures from its most recent matching run. */
    @Schema(name = "LeaderboardRow")
    public record Row(int rank,
                      @Schema(description = "true when this row shares its rank with another row (overlapping CIs)")
                      boolean tied,
                      String framework, String frameworkVersion, String ioModel, UUID runId,
                      OffsetDateTime startedAt, String jvmVendor, String jvmVersion,
                      @Schema(nullable = true) Double slaThroughput,
                      @Schema(nullable = true) Integer slaConnections, @Schema(nullable = true) Long slaCellId,
                      double bestThroughput, int bestConnections,
                      long bestCellId, @Schema(nullable = true) Double ciLow, @Schema(nullable = true) Double ciHigh,
                      @Schema(nullable = true) Double p90Ms, @Schema(nullable = true) Double p99Ms,
                      double throughputPerVcpu, @Schema(nullable = true) Double baselineShare,
                      @Schema(nullable = true) Double errorRate, List<String> flags) {
    }

    static final List<String> CSV_HEADER = List.of("rank", "tied", "framework", "frameworkVersion", "ioModel", "runId",
            "startedAt", "jvmVendor", "jvmVersion", "slaThroughput", "slaConnections", "slaCellId", "bestThroughput",
            "bestConnections", "bestCellId", "ciLow", "ciHigh", "p90Ms", "p99Ms", "throughputPerVcpu",
            "baselineShare", "errorRate", "flags", "hostClass", "vcpus", "scenario", "loadModel", "sla");

    String csv() {
        List<List<Object>> lines = rows.stream().map(r -> List.<Object>of(r.rank(), r.tied(), r.framework(),
                r.frameworkVersion(), r.ioModel(), r.runId(), r.startedAt(), r.jvmVendor(), r.jvmVersion(),
                nullable(r.slaThroughput()), nullable(r.slaConnections()), nullable(r.slaCellId()), r.bestThroughput(),
                r.bestConnections(), r.bestCellId(), nullable(r.ciLow()), nullable(r.ciHigh()), nullable(r.p90Ms()),
                nullable(r.p99Ms()), r.throughputPerVcpu(), nullable(r.baselineShare()), nullable(r.errorRate()),
                r.flags(), hostClass, vcpus, scenario, loadModel, sla)).toList();
        return Csv.table(CSV_HEADER, lines);
    }

    private static Object nullable(Object o) {
        return o == null ? "" : o;
    }
}
