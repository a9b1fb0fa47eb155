package dev.podium.compare;

import dev.podium.quality.QualityFlags;
import dev.podium.read.CellEndpoint;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.QueryParams;
import dev.podium.read.ReadProblems;
import dev.podium.stats.MeanEstimate;
import dev.podium.stats.MeanRatio;
import dev.podium.stats.RegressionCheck;
import dev.podium.stats.Welch;
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
import java.util.Map;
import java.util.UUID;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.ExampleObject;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/**
 * GET /api/compare: two cells, the ratio of their means with its CI, and Welch's t-test on their means: over the JVM
 * starts of a cell measured in several (the variance between starts), over the repeats of a one-start cell.
 */
@Path("/api/compare")
@Tag(name = "leaderboard")
public class CompareResource extends CellEndpoint {

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

            @Schema(
                    description = "the cell's figure, as its run shows it: the trimmed mean of the repeats' requests/s"
                            + " (with several JVM starts, the mean of each start's trimmed mean)")
            double throughput,

            @Schema(
                    description = "the mean of the repeats' requests/s (with several JVM starts, the mean of the"
                            + " starts' means): the estimator of the ratio, its interval and the test")
            double mean,

            @Schema(description = "the cell's quality flags, as the leaderboard shows them")
            List<String> flags,

            @Schema(description = "single or nginx-N (N instances behind nginx; vcpus is their total)")
            String topology,

            @Schema(description = "how many JVM starts the cell's figure and interval rest on (1: one start)")
            int forks) {}

    public record CompareResponse(
            CellRef a,
            CellRef b,

            @Schema(description = "mean of b / mean of a") double ratio,

            @Schema(nullable = true) Double ratioCiLow,
            @Schema(nullable = true) Double ratioCiHigh,
            @Schema(nullable = true) Double t,
            @Schema(nullable = true) Double df,
            @Schema(nullable = true) Double pValue,
            boolean significant,
            String verdict,

            @Schema(
                    enumeration = {"faster", "at-least", "none"},
                    description = "what the verdict claims under the one flag policy (methodology.md section 10):"
                            + " faster, at-least (the faster figure is a lower bound: at least that much faster) or"
                            + " none (not significant, a side with no honest order, or the slower side a lower bound)")
            String claim,

            @Schema(description = "same scenario, load model, concurrency, vCPUs, topology and host class")
            boolean comparable,

            @Schema(
                    nullable = true,
                    description = "set when a side rests on one JVM start (forks 1): its side of the test and of the"
                            + " ratio's interval counts the spread of its repeats only, not the larger spread between"
                            + " starts; null when both sides were measured over several starts")
            String oneStart) {}

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "Compare two cells",
            description = "ratio = mean of b / mean of a; its 95% CI is Fieller's interval on Welch's standard"
                    + " error and degrees of freedom; t, df and pValue are Welch's two-sided t-test of b's mean"
                    + " against a's (alpha 0.05), each side over its JVM starts' means when it was measured in several"
                    + " (the variance between starts; methodology section 7), over its repeats when in one (oneStart"
                    + " then says so): one estimator, the mean, so the interval leaves out 1 exactly when the test is"
                    + " significant. claim and verdict follow the flag policy.")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = CompareResponse.class),
                            examples = @ExampleObject(name = "significant", value = """
            {"a": {"cellId": 1, "runId": "5d2c9a47-1e3b-4f6a-8c0d-7b9e1f2a3c04", "framework": "Spring MVC", "frameworkVersion": "7.0.1",
                   "ioModel": "blocking", "scenario": "plaintext", "loadModel": "closed", "connections": 256, "vcpus": 2,
                   "hostClass": "AMD EPYC 7R13 · 8 vCPU · 32 GiB", "throughput": 50500.0, "mean": 50500.0},
             "b": {"cellId": 2, "runId": "5d2c9a47-1e3b-4f6a-8c0d-7b9e1f2a3c04", "framework": "Netty", "frameworkVersion": "4.2.7.Final",
                   "ioModel": "non-blocking", "scenario": "plaintext", "loadModel": "closed", "connections": 256, "vcpus": 2,
                   "hostClass": "AMD EPYC 7R13 · 8 vCPU · 32 GiB", "throughput": 120000.0, "mean": 120000.0},
             "ratio": 2.376, "ratioCiLow": 2.313, "ratioCiHigh": 2.442, "t": 80.25, "df": 7.2, "pValue": 6.8e-12,
             "significant": true, "verdict": "Netty is 2.38x faster than Spring MVC, significant (p < 0.001)", "claim": "faster",
             "comparable": true, "oneStart": "Spring MVC and Netty each rest on one JVM start: the test and the interval count the spread of their repeats, not the larger spread between starts"}""")))
    @APIResponse(responseCode = "400", description = ReadProblems.BAD_QUERY_DESCRIPTION)
    @APIResponse(responseCode = "404", description = "No cell with that id; `field` is a or b")
    public Uni<Response> compare(
            @Context UriInfo uri,
            @Context ResourceInfo endpoint,
            @Parameter(required = true, description = "cell id (the baseline of the ratio)", example = "1")
                    @QueryParam("a")
                    String a,
            @Parameter(required = true, description = "cell id", example = "2") @QueryParam("b") String b) {
        QueryParams q = QueryParams.of(uri, endpoint);
        long idA = q.id("a");
        long idB = q.id("b");
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
        Map<Long, double[][]> repeats = queries.repeatRpsByStart(List.of(idA, idB));
        double[][] ra = repeats.getOrDefault(idA, new double[0][]);
        double[][] rb = repeats.getOrDefault(idB, new double[0][]);
        MeanEstimate ea = MeanEstimate.ofStarts(ra);
        MeanEstimate eb = MeanEstimate.ofStarts(rb);
        double meanA = mean(ra, ea);
        double meanB = mean(rb, eb);
        MeanRatio.Result m = MeanRatio.of(ea, eb);
        double ratio = ea == null || eb == null ? meanB / meanA : m.ratio();
        Welch.Result w = Welch.test(eb, ea);
        boolean significant = w != null && w.significant();
        String claim = QualityFlags.claim(
                a.shownFlags(), a.agentRevoked(), b.shownFlags(), b.agentRevoked(), ratio, significant);
        boolean comparable = a.scenario().equals(b.scenario())
                && a.loadModel().equals(b.loadModel())
                && a.connections() == b.connections()
                && a.vcpus() == b.vcpus()
                && a.topology().equals(b.topology())
                && a.hostClass().equals(b.hostClass());
        return new CompareResponse(
                ref(a, meanA),
                ref(b, meanB),
                ratio,
                m.low(),
                m.high(),
                w == null ? null : w.t(),
                w == null ? null : w.df(),
                w == null ? null : w.pValue(),
                significant,
                verdict(a, b, ratio, w, claim),
                claim,
                comparable,
                oneStart(a, b, ra.length, rb.length));
    }

    /** The mean the ratio is of: the estimate's, else (a single repeat) the repeats'; 0 without repeats. */
    private static double mean(double[][] starts, MeanEstimate e) {
        if (e != null) {
            return e.mean();
        }
        return java.util.Arrays.stream(starts)
                .flatMapToDouble(java.util.Arrays::stream)
                .average()
                .orElse(0);
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

    static String verdict(CellRow a, CellRow b, double ratio, Welch.Result w, String claim) {
        if (w == null) {
            return "cannot test: each cell needs at least 2 repeats and some variance";
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
        if (!w.significant()) {
            return "no significant difference (" + RegressionCheck.pText(w.pValue()) + ")";
        }
        String p = RegressionCheck.pText(w.pValue());
        String faster = ratio >= 1 ? nameB : nameA;
        String slower = ratio >= 1 ? nameA : nameB;
        double factor = ratio >= 1 ? ratio : 1 / ratio;
        return switch (claim) {
            case "at-least" ->
                faster + " is at least " + times(factor) + "x faster than " + slower + ", significant (" + p
                        + "; its figure is a lower bound)";
            case "none" ->
                "no verdict: " + slower + " measured " + times(factor) + "x slower (" + p
                        + "), but its figure is a lower bound: it may be as fast";
            default -> faster + " is " + times(factor) + "x faster than " + slower + ", significant (" + p + ")";
        };
    }

    private static String label(CellRow c, CellRow other) {
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

    private static CellRef ref(CellRow c, double mean) {
        return new CellRef(
                c.id(),
                c.runId(),
                c.framework(),
                c.frameworkVersion(),
                c.ioModel(),
                c.scenario(),
                c.loadModel(),
                c.connections(),
                c.vcpus(),
                c.hostClass(),
                c.throughput(),
                mean,
                c.shownFlags(),
                c.topology(),
                c.stats() == null ? 1 : c.stats().forks());
    }
}
