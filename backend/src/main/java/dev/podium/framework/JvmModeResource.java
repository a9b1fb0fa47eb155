package dev.podium.framework;

import dev.podium.common.ProblemException;
import dev.podium.read.Answers;
import dev.podium.read.CellView;
import dev.podium.read.QueryParams;
import io.smallrye.mutiny.Uni;
import io.smallrye.mutiny.infrastructure.Infrastructure;
import jakarta.inject.Inject;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.UUID;
import javax.sql.DataSource;
import org.eclipse.microprofile.openapi.annotations.Operation;
import org.eclipse.microprofile.openapi.annotations.media.Content;
import org.eclipse.microprofile.openapi.annotations.media.Schema;
import org.eclipse.microprofile.openapi.annotations.parameters.Parameter;
import org.eclipse.microprofile.openapi.annotations.responses.APIResponse;
import org.eclipse.microprofile.openapi.annotations.tags.Tag;

/** GET /api/frameworks/{slug}/jvm-modes: the framework's default and aot-cache figures side by side. */
@Path("/api/frameworks/{slug}/jvm-modes")
@Tag(name = "frameworks")
public class JvmModeResource {

    // each aot-cache cell shape's newest run, joined with that run's default cell of the same shape
    private static final String SQL = "select distinct on (a.io_model, a.scenario, a.connections, a.vcpus, a.topology,"
            + " r.host_class) a.io_model, a.scenario, a.load_model, a.connections, a.vcpus, a.topology, r.host_class,"
            + " r.id as run_id, r.started_at, a.jvm_mode_flags, a.aot_training_seconds, a.aot_cache_bytes,"
            + " a.aot_problem, " + figures("a") + ", " + figures("d")
            + " from cells a join runs r on r.id = a.run_id join cells d on d.run_id = a.run_id"
            + " and d.framework = a.framework and d.io_model = a.io_model and d.scenario = a.scenario"
            + " and d.load_model = a.load_model and d.connections = a.connections and d.vcpus = a.vcpus"
            + " and d.topology = a.topology and d.target_rate is not distinct from a.target_rate"
            + " and d.jvm_mode = 'default'"
            + " where a.framework = ? and a.jvm_mode = 'aot-cache' and a.load_model = 'closed' and not a.baseline"
            + " order by a.io_model, a.scenario, a.connections, a.vcpus, a.topology, r.host_class,"
            + " r.started_at desc, r.received_at desc, r.id desc, d.ordinal";

    @Inject
    FrameworkPages pages;

    @Inject
    Answers answers;

    @Inject
    DataSource dataSource;

    @GET
    @Produces(MediaType.APPLICATION_JSON)
    @Operation(
            summary = "A framework's figures in both JVM modes",
            description = "For each cell shape measured in the aot-cache JVM mode (started from the AOT cache a"
                    + " training run wrote; methodology, \"JVM mode\"), the most recent run that measured it, with that"
                    + " run's default-mode cell of the same shape: first response and idle memory of the start, time to"
                    + " peak, steady throughput with its 95% interval. Empty when no run measured the framework in the"
                    + " aot-cache mode.")
    @APIResponse(
            responseCode = "200",
            content =
                    @Content(
                            mediaType = MediaType.APPLICATION_JSON,
                            schema = @Schema(implementation = JvmModeComparison.class)))
    @APIResponse(
            responseCode = "404",
            description = "No measured framework has this slug; `field` is slug",
            content = @Content(mediaType = "application/problem+json"))
    public Uni<Response> modes(
            @Context UriInfo uri,
            @Parameter(description = "the framework's slug", example = "vertx-web") @PathParam("slug") String slug) {
        QueryParams.of(uri, Set.of());
        return Uni.createFrom()
                .item(() -> pages.framework(slug))
                .runSubscriptionOn(Infrastructure.getDefaultWorkerPool())
                .flatMap(name -> {
                    if (name == null) {
                        throw new ProblemException(
                                404,
                                "not-found",
                                "Not Found",
                                "no measured framework has the slug '" + slug + "'; GET /api/frameworks lists them",
                                "slug");
                    }
                    return answers.json("jvm-modes\u0000" + name, () -> compare(name));
                });
    }

    JvmModeComparison compare(String framework) {
        List<JvmModeComparison.Row> rows = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement ps = c.prepareStatement(SQL)) {
            ps.setString(1, framework);
            try (ResultSet rs = ps.executeQuery()) {
                while (rs.next()) {
                    List<String> flags = texts(rs.getArray("jvm_mode_flags"));
                    rows.add(new JvmModeComparison.Row(
                            rs.getString("io_model"),
                            rs.getString("scenario"),
                            rs.getString("load_model"),
                            rs.getInt("connections"),
                            rs.getInt("vcpus"),
                            rs.getString("topology"),
                            rs.getString("host_class"),
                            rs.getObject("run_id", UUID.class),
                            rs.getObject("started_at", OffsetDateTime.class),
                            figuresOf(rs, "d"),
                            figuresOf(rs, "a"),
                            flags,
                            CellView.AotTraining.stored(
                                    rs.getObject("aot_training_seconds", Double.class),
                                    rs.getObject("aot_cache_bytes", Long.class),
                                    rs.getString("aot_problem"))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read the JVM modes of " + framework, e);
        }
        return new JvmModeComparison(framework, rows);
    }

    /** The columns of one side's figures, named {side}_{column}. */
    private static String figures(String side) {
        StringBuilder out = new StringBuilder();
        for (String col : List.of(
                "id",
                "startup_first_response_ms",
                "startup_idle_rss_bytes",
                "time_to_peak_seconds",
                "rps_trimmed_mean",
                "rps_ci_low",
                "rps_ci_high",
                "flags")) {
            out.append(out.isEmpty() ? "" : ", ")
                    .append(side)
                    .append('.')
                    .append(col)
                    .append(" as ")
                    .append(side)
                    .append('_')
                    .append(col);
        }
        return out.toString();
    }

    private static JvmModeComparison.Figures figuresOf(ResultSet rs, String side) throws SQLException {
        String p = side + "_";
        return new JvmModeComparison.Figures(
                rs.getLong(p + "id"),
                rs.getObject(p + "startup_first_response_ms", Double.class),
                rs.getObject(p + "startup_idle_rss_bytes", Long.class),
                rs.getObject(p + "time_to_peak_seconds", Double.class),
                rs.getObject(p + "rps_trimmed_mean", Double.class),
                rs.getObject(p + "rps_ci_low", Double.class),
                rs.getObject(p + "rps_ci_high", Double.class),
                texts(rs.getArray(p + "flags")));
    }

    private static List<String> texts(Array a) throws SQLException {
        return a == null ? null : List.of((String[]) a.getArray());
    }
}
