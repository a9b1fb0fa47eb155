package dev.podium.leaderboard;

import java.time.OffsetDateTime;
import java.util.List;
import java.util.UUID;

import org.eclipse.microprofile.openapi.annotations.media.Schema;

import dev.podium.stats.Estimate;

/** GET /api/leaderboard (read-api.md "Leaderboard"). */
public record LeaderboardResponse(String scenario, String loadModel, double sla,
                                  @Schema(enumeration = {"throughput", "cpu", "memory"}) String rank,
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
                      @Schema(nullable = true) Double errorRate, List<String> flags,
                      @Schema(description = "repeats behind the throughput figure and its interval") Integer repeatCount,
                      @Schema(description = "repeat-to-repeat coefficient of variation of requests/s above 5%") boolean noisy,
                      @Schema(nullable = true,
                              description = "requests per CPU-second of the target (payload v2; null for v1 runs)")
                      Estimate requestsPerCpuSecond,
                      @Schema(nullable = true,
                              description = "MB (10^6 bytes) of mean resident memory per 1,000 requests/s (payload v2)")
                      Estimate rssMbPerKrps,
                      @Schema(enumeration = {"throughput", "cpu", "memory"}, description = "the figure this row was"
                              + " ranked by: cpu for a row flagged generator-saturated or above-baseline under rank=throughput")
                      String rankedBy) {

        /** The same row with another rank, tie and ranking figure. */
        Row ranked(int newRank, boolean newTied, String by) {
            return new Row(newRank, newTied, framework, frameworkVersion, ioModel, runId, startedAt, jvmVendor,
                    jvmVersion, slaThroughput, slaConnections, slaCellId, bestThroughput, bestConnections, bestCellId,
                    ciLow, ciHigh, p90Ms, p99Ms, throughputPerVcpu, baselineShare, errorRate, flags, repeatCount, noisy,
                    requestsPerCpuSecond, rssMbPerKrps, by);
        }
    }

    static final List<String> CSV_HEADER = List.of("rank", "tied", "framework", "frameworkVersion", "ioModel", "runId",
            "startedAt", "jvmVendor", "jvmVersion", "slaThroughput", "slaConnections", "slaCellId", "bestThroughput",
            "bestConnections", "bestCellId", "ciLow", "ciHigh", "p90Ms", "p99Ms", "throughputPerVcpu",
            "baselineShare", "errorRate", "flags", "hostClass", "vcpus", "scenario", "loadModel", "sla", "repeatCount",
            "noisy", "requestsPerCpuSecond", "requestsPerCpuSecondCiLow", "requestsPerCpuSecondCiHigh",
            "requestsPerCpuSecondRepeats", "rssMbPerKrps", "rssMbPerKrpsCiLow", "rssMbPerKrpsCiHigh",
            "rssMbPerKrpsRepeats", "rank", "rankedBy");

    public String csv() {
        List<List<Object>> lines = rows.stream().map(r -> java.util.Arrays.<Object>asList(r.rank(), r.tied(),
                r.framework(), r.frameworkVersion(), r.ioModel(), r.runId(), r.startedAt(), r.jvmVendor(), r.jvmVersion(),
                nullable(r.slaThroughput()), nullable(r.slaConnections()), nullable(r.slaCellId()), r.bestThroughput(),
                r.bestConnections(), r.bestCellId(), nullable(r.ciLow()), nullable(r.ciHigh()), nullable(r.p90Ms()),
                nullable(r.p99Ms()), r.throughputPerVcpu(), nullable(r.baselineShare()), nullable(r.errorRate()),
                r.flags(), hostClass, vcpus, scenario, loadModel, sla, nullable(r.repeatCount()), r.noisy(),
                figure(r.requestsPerCpuSecond(), 0), figure(r.requestsPerCpuSecond(), 1),
                figure(r.requestsPerCpuSecond(), 2), figure(r.requestsPerCpuSecond(), 3), figure(r.rssMbPerKrps(), 0),
                figure(r.rssMbPerKrps(), 1), figure(r.rssMbPerKrps(), 2), figure(r.rssMbPerKrps(), 3), rank,
                r.rankedBy())).toList();
        return Csv.table(CSV_HEADER, lines);
    }

    /** mean, ciLow, ciHigh, repeats of a cost figure by index, "" when absent. */
    static Object figure(Estimate f, int part) {
        if (f == null) {
            return "";
        }
        return nullable(switch (part) {
            case 0 -> f.mean();
            case 1 -> f.ciLow();
            case 2 -> f.ciHigh();
            default -> f.repeats();
        });
    }

    private static Object nullable(Object o) {
        return o == null ? "" : o;
    }
}
