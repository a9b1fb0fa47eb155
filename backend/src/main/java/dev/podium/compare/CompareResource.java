package dev.podium.compare;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import dev.podium.quality.QualityFlags;
import dev.podium.read.Answers;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.CellView;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.read.Throughput;
import dev.podium.verdict.Comparisons;
import dev.podium.verdict.Evidence;
import dev.podium.verdict.Outcome;
import dev.podium.verdict.Verdict;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.math.BigDecimal;
import java.util.List;
import java.util.Locale;
import java.util.UUID;
import lombok.With;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponseSchema;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * GET /api/compare: two cells, the ratio of their figures with its interval and the comparison engine's verdict: the
 * board's when both are rows of one leaderboard, else the pair's alone (methodology section 10).
 */
@Path("/api/compare")
@Produces(MediaType.APPLICATION_JSON)
@Tag(name = "leaderboard")
public class CompareResource extends CellEndpoint {

    private final BoardPairs boards;

    CompareResource(CellQueries queries, Answers answers, BoardPairs boards) {
        super(queries, answers);
        this.boards = boards;
    }

    public record CellRef(
            long cellId,
            UUID runId,
            String framework,
            String frameworkVersion,
            String ioModel,
            String scenario,
            String loadModel,
            int connections,
            int vcpus,
            String hostClass,
            @JsonUnwrapped @With Throughput shown,

            @Schema(description = "the cell's quality flags, as the leaderboard shows them")
            List<String> flags,

            @Schema(description = "single or nginx-N (N instances behind nginx; vcpus is their total)")
            String topology) {}

    public record CompareResponse(
            CellRef a,
            CellRef b,

            @Schema(description = "the figure of b over that of a (the figures each cell shows)")
            double ratio,

            @Schema(nullable = true, description = "the ratio's interval, low end (above 0); null: no end")
            Double ratioCiLow,

            @Schema(nullable = true, description = "the ratio's interval, high end; null: no end (a lower bound)")
            Double ratioCiHigh,

            @Schema(
                    description = "the interval's confidence: the board's common level when both cells are rows of one"
                            + " board (board is set), 0.95 for the pair alone")
            double confidence,

            @Schema(
                    enumeration = {"faster", "slower", "cannot-tell"},
                    description = "the comparison engine's verdict on b against a, the one every view gives")
            String outcome,

            @Schema(description = "outcome is faster or slower")
            boolean significant,

            @Schema(description = "paired by round (both cells of one run measured in interleaved rounds)")
            boolean paired,

            String verdict,

            @Schema(
                    enumeration = {"faster", "at-least", "none"},
                    description = "what the verdict claims under the one flag policy (methodology.md section 10):"
                            + " faster, at-least (the faster figure is a lower bound: at least that much faster) or"
                            + " none (cannot tell, or a side with no honest order)")
            String claim,

            @Schema(description = "same scenario, load model, concurrency, vCPUs, topology and host class")
            boolean comparable,

            @Schema(
                    nullable = true,
                    description = "set when a side rests on one JVM start (forks 1): its interval counts the spread of"
                            + " its repeats only, not the larger spread between starts; null when both sides were"
                            + " measured over several starts")
            String oneStart,

            @Schema(
                    nullable = true,
                    description = "the board both cells are rows of, whose verdict this is (all its pairs judged at"
                            + " once); null: the cells were compared as a pair alone")
            String board) {}

    @GET
    @Operation(
            summary = "Compare two cells",
            description = "ratio = the figure of b / the figure of a, with its interval on the log scale (positive) and"
                    + " the verdict of the comparison engine (methodology section 10), the one every view gives: when"
                    + " both cells are the shown cells of rows of one leaderboard (a's scenario, load model, host class"
                    + " and vCPUs, as the site shows it), the board's verdict on the pair, all its pairs judged at"
                    + " once (false discovery rate 5%; board says which); otherwise the pair alone at 95%. Each side's"
                    + " spread is over its JVM starts when it was measured in several (oneStart says when not), plus"
                    + " the host's drift between the stretches of a run unless the two are paired by round."
                    + " claim and verdict follow the flag policy.")
    @APIResponseSchema(CompareResponse.class)
    @APIResponse(responseCode = "400", description = ReadProblems.BAD_QUERY_DESCRIPTION)
    @APIResponse(responseCode = "404", description = "No cell with that id; `field` is a or b")
    public Uni<Response> compare(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Parameter(required = true, description = "cell id (the baseline of the ratio)", example = "1")
                    @QueryParam("a")
                    String a,
            @Parameter(required = true, description = "cell id", example = "2") @QueryParam("b") String b) {
        QueryParams.of(uri, endpoint);
        long idA = QueryParams.parseId("a", a);
        long idB = QueryParams.parseId("b", b);
        return answers.json("compare" + idA + "/" + idB, () -> compute(idA, idB));
    }

    CompareResponse compute(long idA, long idB) {
        List<CellRow> rows = queries.cells(new CellQueries.Where().andAlways("c.id in (?, ?)", idA, idB));
        CellRow a = rows.stream()
                .filter(r -> r.id() == idA)
                .findFirst()
                .orElseThrow(() -> ReadProblems.notFound("a", "no cell " + idA));
        CellRow b = rows.stream()
                .filter(r -> r.id() == idB)
                .findFirst()
                .orElseThrow(() -> ReadProblems.notFound("b", "no cell " + idB));
        BoardPairs.BoardPair onBoard = boards.find(a, b);
        Verdict v = onBoard != null ? onBoard.verdict() : pairAlone(a, b);
        CellView ca = a.cell();
        CellView cb = b.cell();
        boolean comparable = ca.scenario().equals(cb.scenario())
                && ca.loadModel().equals(cb.loadModel())
                && ca.connections() == cb.connections()
                && ca.vcpus() == cb.vcpus()
                && ca.topology().equals(cb.topology())
                && a.hostClass().equals(b.hostClass());
        String claim = v == null
                ? "none"
                : QualityFlags.claim(
                        a.shownFlags(), a.agentRevoked(), b.shownFlags(), b.agentRevoked(), v.ratio(), v.decided());
        return new CompareResponse(
                onBoard == null ? ref(a) : ref(a, onBoard.a()),
                onBoard == null ? ref(b) : ref(b, onBoard.b()),
                v == null ? b.throughput() / a.throughput() : v.ratio(),
                v == null ? null : v.low(),
                v == null ? null : v.high(),
                v == null ? 1 - Comparisons.ALPHA : v.confidence(),
                v == null ? Outcome.CANNOT_TELL.word() : v.outcome(),
                v != null && v.decided(),
                v != null && v.paired(),
                verdict(a, b, v, claim),
                claim,
                comparable,
                oneStart(a, b, forks(a), forks(b)),
                onBoard == null ? null : onBoard.board());
    }

    /** b against a as a pair alone, at 95%; null when a side has no positive figure. */
    private static Verdict pairAlone(CellRow a, CellRow b) {
        Evidence ea = BoardPairs.evidence(a);
        Evidence eb = BoardPairs.evidence(b);
        return ea == null || eb == null ? null : Comparisons.pair(eb, ea);
    }

    private static int forks(CellRow c) {
        return c.stats() == null ? 1 : c.stats().forks();
    }

    /** Which side rests on one JVM start, in words; null when both were measured over several. */
    static String oneStart(CellRow a, CellRow b, int startsA, int startsB) {
        String nameA = label(a, b);
        String nameB = label(b, a);
        String sides;
        if (startsA <= 1 && startsB <= 1) {
            sides = nameA + " and " + nameB + " each rest on one JVM start: the test and the interval count the spread"
                    + " of their repeats";
        } else if (startsA <= 1) {
            sides = nameA + " rests on one JVM start: its side of the test and of the interval counts the spread of"
                    + " its repeats";
        } else if (startsB <= 1) {
            sides = nameB + " rests on one JVM start: its side of the test and of the interval counts the spread of"
                    + " its repeats";
        } else {
            return null;
        }
        return sides + ", not the larger spread between starts";
    }

    /** The verdict in words: b against a, as the engine gives it, under the flag policy's claim. */
    static String verdict(CellRow a, CellRow b, Verdict v, String claim) {
        if (v == null || v.low() == null && v.high() == null) {
            return "cannot tell: each cell needs at least 2 repeats and a figure above 0";
        }
        String nameA = label(a, b);
        String nameB = label(b, a);
        List<String> unrankedA = QualityFlags.unrankedBy(a.shownFlags(), a.agentRevoked());
        List<String> unrankedB = QualityFlags.unrankedBy(b.shownFlags(), b.agentRevoked());
        if (!unrankedA.isEmpty() || !unrankedB.isEmpty()) {
            return "no verdict: "
                    + (unrankedA.isEmpty()
                            ? nameB + " is " + String.join(", ", unrankedB)
                            : nameA + " is " + String.join(", ", unrankedA))
                    + ", its figure has no honest order";
        }
        if (!v.decided()) {
            return "cannot tell " + nameB + " and " + nameA + " apart: " + nameB + " / " + nameA + " is "
                    + times(v.ratio()) + "x, " + range(v.low(), v.high());
        }
        boolean bFaster = v.verdict() == Outcome.FASTER;
        Verdict faster = bFaster ? v : v.reversed();
        String atLeast = "at-least".equals(claim) ? "at least " : "";
        return (bFaster ? nameB : nameA) + " is " + atLeast + times(faster.ratio()) + "x as fast as "
                + (bFaster ? nameA : nameB) + " (" + range(faster.low(), faster.high()) + ")";
    }

    private static String range(Double low, Double high) {
        return (low == null ? "no lower end" : times(low) + "x") + " to "
                + (high == null ? "no upper end" : times(high) + "x");
    }

    private static String label(CellRow row, CellRow otherRow) {
        CellView c = row.cell();
        CellView other = otherRow.cell();
        if (!c.topology().equals(other.topology())) {
            return dev.podium.topology.Topology.label(c.framework(), c.topology());
        }
        if (!c.framework().equals(other.framework())) {
            return c.framework();
        }
        if (!c.frameworkVersion().equals(other.frameworkVersion())) {
            return c.framework() + " " + c.frameworkVersion();
        }
        return c.framework() + " (cell " + c.id() + ")";
    }

    private static String times(double ratio) {
        return new BigDecimal(String.format(Locale.ROOT, "%.2f", ratio))
                .stripTrailingZeros()
                .toPlainString();
    }

    /** A cell as its board row shows it: the row's figure and interval (pooled over its segment's runs). */
    private static CellRef ref(CellRow c, dev.podium.leaderboard.LeaderboardResponse.Row row) {
        return ref(c).withShown(row.shown());
    }

    private static CellRef ref(CellRow row) {
        CellView c = row.cell();
        return new CellRef(
                c.id(),
                row.runId(),
                c.framework(),
                c.frameworkVersion(),
                c.ioModel(),
                c.scenario(),
                c.loadModel(),
                c.connections(),
                c.vcpus(),
                row.hostClass(),
                Throughput.of(row),
                row.shownFlags(),
                c.topology());
    }
}
