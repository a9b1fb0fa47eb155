package dev.podium.leaderboard;

import jakarta.ws.rs.QueryParam;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;

/**
 * The leaderboard's parameters besides the cell filters (read's CellFilter, the JVM, date and classification filters
 * among them), bound with {@code @BeanParam} and read once, in {@link LeaderboardQuery#from}.
 */
public class LeaderboardParams {

    @Parameter(description = "p90 latency limit in ms (default 200)", example = "200")
    @QueryParam("sla")
    public String sla;

    @Parameter(description = "throughput (default), cpu or memory")
    @QueryParam("rank")
    public String rank;

    @Parameter(description = "json (default) or csv")
    @QueryParam("format")
    public String format;

    @Parameter(
            description = "segment (default): each throughput figure pooled over the runs since its series'"
                    + " last confirmed change point, the newest 30 at the most; latest: the newest run alone")
    @QueryParam("basis")
    public String basis;

    @Parameter(
            description = "omit (default) or include: basis=segment's runs behind each pooled cell"
                    + " (`segments`), left out by default because the site does not show them and they"
                    + " are about as large as the rows")
    @QueryParam("segments")
    public String segments;

    @Parameter(
            description =
                    "exclude (default): rows with a quality flag (generator-saturated, above-baseline,"
                            + " shares-generator-cpus, warmup-not-stable, host-interference, noisy, high-error-rate) are listed unranked; include: ranked with the others")
    @QueryParam("flagged")
    public String flagged;

    @Parameter(
            description = "include (default): runs of agents revoked since are shown, marked"
                    + " agentRevoked; exclude: left out, and not pooled into any figure")
    @QueryParam("revoked")
    public String revoked;

    @Parameter(
            description = "single (default): one instance per target, the ranking as it always was;"
                    + " all: scale-out targets (nginx-N: N instances behind nginx whose vCPUs add up to"
                    + " the board's) ranked beside them as rows of their own, labelled by `topology`;"
                    + " nginx-N: those only",
            example = "all")
    @QueryParam("topology")
    public String topology;
}
