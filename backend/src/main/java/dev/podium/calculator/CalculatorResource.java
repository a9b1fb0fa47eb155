package dev.podium.calculator;

import dev.podium.leaderboard.LeaderboardQuery;
import dev.podium.leaderboard.LeaderboardRanking;
import dev.podium.leaderboard.LeaderboardResponse;
import dev.podium.leaderboard.LeaderboardService;
import dev.podium.quality.QualityFlags;
import dev.podium.read.Answers;
import dev.podium.read.CellFilter;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.stats.MigrationCalculator;
import dev.podium.verdict.Verdict;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import lombok.RequiredArgsConstructor;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.enums.ParameterIn;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/calculator: the migration calculator of methodology section 6. */
@Path("/api/calculator")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
@RequiredArgsConstructor
public class CalculatorResource {
    static final Set<String> BY = Set.of("throughput", "cpu");

    public record CalculatorResponse(
            String scenario,
            @Schema(nullable = true) String hostClass,
            @Schema(nullable = true) Integer vcpus,
            double ratio,
            @Schema(enumeration = {"leaderboard", "user"}) String ratioSource,
            @Schema(nullable = true) Double fromSlaThroughput,
            @Schema(nullable = true) Double toSlaThroughput,
            @Schema(enumeration = {"throughput", "cpu"}) String by,
            @Schema(nullable = true) Double fromRequestsPerCpuSecond,
            @Schema(nullable = true) Double toRequestsPerCpuSecond,
            int servers,
            List<MigrationCalculator.ApiResult> apis,
            MigrationCalculator.Totals totals,

            @Schema(
                    description = "true when the leaderboard ratio is a lower bound: by throughput, `to`'s figure is"
                            + " one (generator-saturated, above-baseline, shares-generator-cpus, warmup-not-stable,"
                            + " host-interference), so"
                            + " the move saves at least the servers shown")
            boolean ratioAtLeast,

            @Schema(
                    nullable = true,
                    description = "the leaderboard's verdict on `to` against `from` (the comparison engine, the same"
                            + " the board's rank ranges and compare give): the ratio's interval and faster, slower or"
                            + " cannot-tell; null for a ratio the user gave")
            Verdict verdict,

            @Schema(
                    nullable = true,
                    description = "the servers saved in total at the low end of the ratio's interval; null: no"
                            + " verdict, or the interval has no low end")
            Long serversSavedLow,

            @Schema(
                    nullable = true,
                    description = "the servers saved in total at the high end of the ratio's interval; null: no"
                            + " verdict, or the interval has no high end (a lower bound)")
            Long serversSavedHigh) {}

    private final LeaderboardService leaderboard;
    private final Answers answers;

    @GET
    @Operation(
            summary = "Migration calculator",
            description = "R = SLA throughput of `to` / SLA throughput of `from` on"
                    + " the leaderboard (same scenario and host class, the leaderboard's default vCPU count), or the user's `ratio`."
                    + " Per API: perServerToday = current / servers; perServerAfter = perServerToday x R; systemAfter = current x R;"
                    + " serversToAddWithout = ceil((required - current) / perServerToday), serversToAddWith ="
                    + " ceil((required - systemAfter) / perServerAfter), both never below 0; serversSaved = their difference."
                    + " Repeat current and required once per API, in the same order. `by=cpu` sizes by CPU instead: R ="
                    + " requests per CPU-second of `to` / that of `from` (servers whose CPU is the limit need as many fewer"
                    + " servers as each request costs less CPU); payload v2 runs only.")
    @APIResponseSchema(CalculatorResponse.class)
    @APIResponse(
            responseCode = "400",
            description = "Unknown parameter or value, a target without SLA throughput; `field` names it")
    @Parameter(
            name = "scenario",
            in = ParameterIn.QUERY,
            description = "needed unless ratio is given",
            example = "proxy")
    // the board is the leaderboard's default one of the scenario and host class: closed loop, its vCPU count, any
    // connections; from and to (with their I/O models) name the targets
    @Parameter(name = "loadModel", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "vcpus", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "framework", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "ioModel", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "connections", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "classification", in = ParameterIn.QUERY, hidden = true)
    // from and to are the calculator's own (the targets), not the cell filters' run dates of the same names
    @Parameter(name = "from", in = ParameterIn.QUERY, hidden = true)
    @Parameter(name = "to", in = ParameterIn.QUERY, hidden = true)
    public Uni<Response> calculator(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @BeanParam CellFilter cells,
            @Parameter(description = "framework today (A)", example = "Spring MVC") @QueryParam("from") String from,
            @QueryParam("fromIoModel") String fromIoModel,
            @Parameter(description = "framework after the move (B)", example = "Spring WebFlux") @QueryParam("to")
                    String to,
            @QueryParam("toIoModel") String toIoModel,
            @Parameter(required = true, description = "N, servers today", example = "4") @QueryParam("servers")
                    String servers,
            @Parameter(
                            required = true,
                            description = "ACRPS per API: the system's max RPS at the SLA today",
                            example = "1000")
                    @QueryParam("current")
                    List<String> current,
            @Parameter(required = true, description = "ARRPS per API: the RPS it must reach", example = "3000")
                    @QueryParam("required")
                    List<String> required,
            @Parameter(
                            description = "a ratio measured on your own application, instead of the leaderboard's",
                            example = "1.27")
                    @QueryParam("ratio")
                    String ratio,
            @Parameter(description = "p90 limit in ms for the leaderboard's SLA throughput (default 200)")
                    @QueryParam("sla")
                    String sla,
            @Parameter(description = "throughput (default): R from SLA throughput; cpu: R from requests per CPU-second")
                    @QueryParam("by")
                    String by,
            @Parameter(
                            description = "exclude (default): a framework whose row carries a quality flag is refused;"
                                    + " include: its figure is used anyway")
                    @QueryParam("flagged")
                    String flagged) {
        QueryParams q = QueryParams.of(uri, endpoint);
        Integer given = QueryParams.parsePositiveInt("servers", servers);
        int n = given == null ? missing("servers") : given;
        List<String> cur = QueryParams.parseAll(current);
        List<String> req = QueryParams.parseAll(required);
        if (cur.isEmpty()) {
            missing("current");
        }
        if (req.size() != cur.size()) {
            throw ReadProblems.badParameter(
                    "required",
                    "give one 'required' per 'current' (" + cur.size() + " current, " + req.size() + " required)");
        }
        List<MigrationCalculator.Api> apis = new ArrayList<>();
        for (int i = 0; i < cur.size(); i++) {
            apis.add(new MigrationCalculator.Api(
                    QueryParams.number("current", cur.get(i), false),
                    QueryParams.number("required", req.get(i), true)));
        }
        Double userRatio = QueryParams.parsePositiveNumber("ratio", ratio, null);
        // a targetRate names the fixed-rate cost cells (open loop): the fleet is sized from the cost at that rate
        (userRatio == null ? cells.without(endpoint).require("scenario") : cells.without(endpoint))
                .loadModelOr(cells.targetRate() == null ? "closed" : "open")
                .check();
        String sc = cells.scenario();
        String fromFw =
                userRatio == null ? QueryParams.parseRequired("from", from) : QueryParams.parseText("from", from);
        String toFw = userRatio == null ? QueryParams.parseRequired("to", to) : QueryParams.parseText("to", to);
        String fromIo = QueryParams.parseOneOf("fromIoModel", fromIoModel, QueryParams.IO_MODELS);
        String toIo = QueryParams.parseOneOf("toIoModel", toIoModel, QueryParams.IO_MODELS);
        double slaMs = QueryParams.parsePositiveNumber("sla", sla, LeaderboardQuery.DEFAULT_SLA_MS);
        boolean byCpu = "cpu".equals(QueryParams.parseOneOf("by", by, BY, "throughput"));
        boolean includeFlagged =
                "include".equals(QueryParams.parseOneOf("flagged", flagged, QualityFlags.CHOICES, "exclude"));
        return answers.json("calculator" + q.normalised(), () -> {
            LeaderboardResponse board =
                    sc == null ? null : leaderboard.leaderboard(LeaderboardQuery.of(cells, slaMs, includeFlagged));
            Double fromSla = sla(board, fromFw, fromIo, "from", userRatio == null && !byCpu);
            Double toSla = sla(board, toFw, toIo, "to", userRatio == null && !byCpu);
            Double fromCpu = cpu(board, fromFw, fromIo, "from", userRatio == null && byCpu);
            Double toCpu = cpu(board, toFw, toIo, "to", userRatio == null && byCpu);
            boolean atLeast = false;
            if (userRatio == null) { // the one flag policy: the ratio is sized only from figures that bear it
                LeaderboardResponse.Row fromRow = row(board, fromFw, fromIo, "from");
                LeaderboardResponse.Row toRow = row(board, toFw, toIo, "to");
                String sizedBy = byCpu ? "cpu" : "throughput";
                String refused = QualityFlags.calculatorRefuses(
                        fromRow.flags(),
                        fromRow.agentRevoked(),
                        toRow.flags(),
                        toRow.agentRevoked(),
                        sizedBy,
                        includeFlagged);
                if (refused != null) {
                    throw refusal(board, refused.equals("from") ? fromRow : toRow, refused, sizedBy);
                }
                atLeast = QualityFlags.ratioAtLeast(toRow.flags(), sizedBy, includeFlagged);
            }
            double r = userRatio != null ? userRatio : byCpu ? toCpu / fromCpu : toSla / fromSla;
            MigrationCalculator.Result result = MigrationCalculator.compute(n, r, apis);
            Verdict verdict = userRatio != null
                    ? null
                    : LeaderboardRanking.verdict(
                            board.rows(),
                            byCpu ? "cpu" : "throughput",
                            row(board, fromFw, fromIo, "from"),
                            row(board, toFw, toIo, "to"));
            Long savedLow = verdict == null || verdict.low() == null
                    ? null
                    : MigrationCalculator.compute(n, verdict.low(), apis)
                            .totals()
                            .serversSaved();
            Long savedHigh = verdict == null || verdict.high() == null
                    ? null
                    : MigrationCalculator.compute(n, verdict.high(), apis)
                            .totals()
                            .serversSaved();
            return new CalculatorResponse(
                    sc,
                    board == null ? cells.hostClass() : board.hostClass(),
                    board == null ? null : board.vcpus(),
                    r,
                    userRatio != null ? "user" : "leaderboard",
                    fromSla,
                    toSla,
                    byCpu ? "cpu" : "throughput",
                    fromCpu,
                    toCpu,
                    n,
                    result.apis(),
                    result.totals(),
                    atLeast,
                    verdict,
                    savedLow,
                    savedHigh);
        });
    }

    private static int missing(String field) {
        throw ReadProblems.badParameter(field, "'" + field + "' is required");
    }

    /** The requests per CPU-second of a framework on the leaderboard; refuses (naming the field) when needed and not there. */
    private static Double cpu(
            LeaderboardResponse board, String framework, String ioModel, String field, boolean needed) {
        LeaderboardResponse.Row row = row(board, framework, ioModel, field);
        Double value = row == null || row.requestsPerCpuSecond() == null
                ? null
                : row.requestsPerCpuSecond().mean();
        if (needed && (value == null || value == 0)) {
            throw ReadProblems.badParameter(
                    field,
                    "'" + framework + "' has no requests per CPU-second on the "
                            + board.scenario() + " leaderboard of " + board.hostClass() + " (" + board.vcpus()
                            + " vCPU; payload v1 runs carry no CPU time); give ratio or by=throughput instead");
        }
        return value;
    }

    /** The SLA throughput of a framework on the leaderboard; refuses (naming the field) when needed and not there. */
    private static Double sla(
            LeaderboardResponse board, String framework, String ioModel, String field, boolean needed) {
        LeaderboardResponse.Row row = row(board, framework, ioModel, field);
        Double value = row == null ? null : row.slaThroughput();
        if (needed && (value == null || value == 0)) {
            throw ReadProblems.badParameter(
                    field,
                    "'" + framework + "' has no SLA throughput on the " + board.scenario() + " leaderboard of "
                            + board.hostClass() + " (" + board.vcpus() + " vCPU); give ratio instead");
        }
        return value;
    }

    /** The framework's row on the board, null when absent; several I/O models without a choice are refused. */
    private static LeaderboardResponse.Row row(
            LeaderboardResponse board, String framework, String ioModel, String field) {
        if (framework == null || board == null) {
            return null;
        }
        List<LeaderboardResponse.Row> rows = board.rows().stream()
                .filter(r -> r.framework().equals(framework)
                        && (ioModel == null || r.ioModel().equals(ioModel)))
                .toList();
        if (rows.size() > 1) {
            throw ReadProblems.badParameter(
                    field + "IoModel",
                    "'" + framework + "' is measured with several I/O models;" + " choose one with " + field
                            + "IoModel");
        }
        return rows.isEmpty() ? null : rows.get(0);
    }

    /** Why a flagged figure cannot size this migration (methodology.md section 12). */
    private static RuntimeException refusal(
            LeaderboardResponse board, LeaderboardResponse.Row row, String field, String by) {
        List<String> unranked = QualityFlags.unrankedBy(row.flags(), row.agentRevoked());
        List<String> why = unranked.isEmpty()
                ? row.flags().stream()
                        .filter(f -> QualityFlags.KINDS.get(f) == QualityFlags.Kind.LOWER_BOUND)
                        .toList()
                : unranked;
        return ReadProblems.badParameter(
                field,
                "'" + row.framework() + "' is flagged " + String.join(", ", why) + " on the " + board.scenario()
                        + " leaderboard of " + board.hostClass()
                        + (unranked.isEmpty()
                                ? ": its figure is a lower bound, so a ratio over it would overstate the gain"
                                : ": its figure has no honest order")
                        + "; give flagged=include to use it anyway, or a ratio");
    }
}
