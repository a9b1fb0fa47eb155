package dev.podium.snapshot;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.Machine;
import dev.podium.common.ProblemException;
import dev.podium.common.RoutePageCheck;
import dev.podium.common.Rows;
import dev.podium.common.SitePageCheck;
import dev.podium.input.TextRules;
import dev.podium.leaderboard.LeaderboardQuery;
import dev.podium.leaderboard.LeaderboardResponse;
import dev.podium.leaderboard.LeaderboardService;
import dev.podium.replica.Routed;
import dev.podium.snapshot.SnapshotDocument.Board;
import dev.podium.snapshot.SnapshotDocument.Download;
import dev.podium.snapshot.SnapshotDocument.Host;
import dev.podium.snapshot.SnapshotDocument.Summary;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import jakarta.transaction.Transactional;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.sql.Array;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeSet;
import java.util.UUID;
import java.util.regex.Pattern;
import javax.sql.DataSource;
import lombok.RequiredArgsConstructor;

/**
 * Freezes the board into a snapshot: every comparable group's leaderboard as GET /api/leaderboard answers it now, the
 * runs behind it and their hosts in full, rendered once to JSON and CSV bytes that are stored and served unchanged.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class Snapshots {

    static final Pattern SLUG = Pattern.compile("[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?");
    private static final String UNIQUE_VIOLATION = "23505";

    /** The stored bytes of one snapshot. */
    public record Stored(byte[] document, byte[] csv, Summary summary) {}

    @Routed
    private final DataSource dataSource;

    private final LeaderboardService leaderboards;
    private final ObjectMapper json;

    @Transactional
    public Summary freeze(SnapshotDocument.Request request) {
        String slug = request.slug();
        if (slug == null || !SLUG.matcher(slug).matches()) {
            throw ProblemException.badRequest(
                    "invalid-snapshot",
                    "'slug' must be 1-64 lowercase letters, digits and" + " inner hyphens, e.g. 2026-round-1",
                    "slug");
        }
        String title = request.title();
        String titleProblem = title == null
                ? "is required"
                : title.length() > 200 ? "must be at most 200 characters" : TextRules.problem(title);
        if (titleProblem != null) {
            throw ProblemException.badRequest("invalid-snapshot", "'title' " + titleProblem, "title");
        }
        if (find(slug).isPresent()) {
            throw duplicate(slug);
        }
        OffsetDateTime frozenAt = OffsetDateTime.now(ZoneOffset.UTC).truncatedTo(ChronoUnit.MILLIS);
        List<Board> boards = boards();
        TreeSet<UUID> runs = new TreeSet<>();
        for (Board b : boards) {
            b.rows().forEach(r -> runs.add(r.runId()));
            if (b.baseline() != null) {
                runs.add(b.baseline().runId());
            }
        }
        if (runs.isEmpty()) {
            throw new ProblemException(
                    422,
                    "snapshot-without-runs",
                    "Unprocessable content",
                    "there are no runs on the board to freeze: push a run first",
                    null);
        }
        List<Host> hosts = hosts(runs);
        SnapshotDocument document = new SnapshotDocument(slug, title, frozenAt, List.copyOf(runs), hosts, boards);
        byte[] documentBytes = write(document);
        byte[] csvBytes = csv(boards).getBytes(StandardCharsets.UTF_8);
        List<String> hostClasses = hosts.stream()
                .map(h -> h.machine().hostClass())
                .distinct()
                .sorted()
                .toList();
        try (Connection c = dataSource.getConnection()) {
            long id;
            try (PreparedStatement s = c.prepareStatement(
                    "insert into snapshots (slug, title, frozen_at, document, csv,"
                            + " json_sha256, csv_sha256, run_count, host_classes) values (?, ?, ?, ?, ?, ?, ?, ?, ?) returning id")) {
                s.setString(1, slug);
                s.setString(2, title);
                s.setObject(3, frozenAt);
                s.setBytes(4, documentBytes);
                s.setBytes(5, csvBytes);
                s.setString(6, sha256(documentBytes));
                s.setString(7, sha256(csvBytes));
                s.setInt(8, runs.size());
                s.setArray(9, c.createArrayOf("text", hostClasses.toArray()));
                try (ResultSet rs = s.executeQuery()) {
                    rs.next();
                    id = rs.getLong(1);
                }
            }
            try (PreparedStatement s =
                    c.prepareStatement("insert into snapshot_runs (snapshot_id, run_id) select ?, unnest(?::uuid[])")) {
                s.setLong(1, id);
                s.setArray(2, c.createArrayOf("uuid", runs.toArray()));
                s.executeUpdate();
            }
        } catch (SQLException e) {
            if (UNIQUE_VIOLATION.equals(e.getSQLState())) {
                throw duplicate(slug); // another admin froze the same slug at the same moment
            }
            throw new IllegalStateException("store snapshot " + slug, e);
        }
        return summary(
                slug,
                title,
                frozenAt,
                runs.size(),
                hostClasses,
                sha256(documentBytes),
                documentBytes.length,
                sha256(csvBytes),
                csvBytes.length);
    }

    public List<Summary> list() {
        return query(
                        "select slug, title, frozen_at, run_count, host_classes, json_sha256, length(document), csv_sha256,"
                                + " length(csv), null, null from snapshots order by frozen_at desc, id desc",
                        null)
                .stream()
                .map(Stored::summary)
                .toList();
    }

    public Optional<Stored> find(String slug) {
        return query(
                        "select slug, title, frozen_at, run_count, host_classes, json_sha256, length(document), csv_sha256,"
                                + " length(csv), document, csv from snapshots where slug = ?",
                        slug)
                .stream()
                .findFirst();
    }

    private static ProblemException duplicate(String slug) {
        return ProblemException.conflict(
                "snapshot-exists",
                "a snapshot named '" + slug + "' exists already; snapshots are never replaced: choose another slug",
                "slug");
    }

    /** Every comparable group (scenario, load model, host class, vCPUs) with its leaderboard at the defaults. */
    private List<Board> boards() {
        List<Board> boards = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(
                        // newest_runs (V30) holds every group measured, without reading every cell
                        "select distinct scenario, load_model, host_class, vcpus from newest_runs order by 1, 2, 3, 4");
                ResultSet rs = s.executeQuery()) {
            while (rs.next()) {
                LeaderboardResponse board = leaderboards.leaderboard(
                        LeaderboardQuery.of(
                                rs.getString(1),
                                rs.getString(2),
                                rs.getString(3),
                                rs.getInt(4),
                                LeaderboardQuery.DEFAULT_SLA_MS,
                                false),
                        "latest");
                if (!board.rows().isEmpty()) {
                    boards.add(new Board(
                            board.scenario(),
                            board.loadModel(),
                            board.hostClass(),
                            board.vcpus(),
                            board.sla(),
                            board.baseline(),
                            board.rows()));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read the board's groups", e);
        }
        return boards;
    }

    /** The runs' hosts, one entry per distinct configuration (a kernel update makes a second entry). */
    private List<Host> hosts(TreeSet<UUID> runs) {
        Map<Machine, List<UUID>> groups = new LinkedHashMap<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(
                        "select host_class, host_cpu_model, host_vcpus, host_memory_bytes, host_os, host_kernel, host_arch,"
                                + " host_virtualization, host_server_cpus, host_load_generator_cpus, host_settings::text, id"
                                + " from runs where id = any (?) order by host_class, host_kernel, host_settings::text, id")) {
            s.setArray(1, c.createArrayOf("uuid", runs.toArray()));
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Machine machine = new Machine(
                            rs.getString(1),
                            rs.getString(2),
                            rs.getInt(3),
                            rs.getLong(4),
                            rs.getString(5),
                            rs.getString(6),
                            rs.getString(7),
                            rs.getString(8),
                            rs.getString(9),
                            rs.getString(10),
                            parse(rs, 11));
                    groups.computeIfAbsent(machine, k -> new ArrayList<>()).add(rs.getObject(12, UUID.class));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read the runs' hosts", e);
        }
        return groups.entrySet().stream()
                .map(e -> new Host(e.getKey(), e.getValue()))
                .toList();
    }

    private Map<String, Object> parse(ResultSet rs, int column) {
        try {
            String text = rs.getString(column);
            return text == null ? null : json.readValue(text, new TypeReference<LinkedHashMap<String, Object>>() {});
        } catch (SQLException | JsonProcessingException e) {
            throw new IllegalStateException("read host settings", e);
        }
    }

    /** Every board's rows under the leaderboard's CSV header (each row names its scenario, host class and vCPUs). */
    private static String csv(List<Board> boards) {
        StringBuilder out = new StringBuilder();
        for (Board b : boards) {
            String table = new LeaderboardResponse(
                            b.scenario(),
                            b.loadModel(),
                            b.sla(),
                            "throughput",
                            b.hostClass(),
                            b.vcpus(),
                            null,
                            b.baseline(),
                            b.rows(),
                            "latest",
                            List.of(),
                            "exclude",
                            List.of(),
                            dev.podium.topology.Topology.SINGLE)
                    .csv();
            out.append(out.isEmpty() ? table : table.substring(table.indexOf("\r\n") + 2));
        }
        return out.toString();
    }

    private List<Stored> query(String sql, String slug) {
        List<Stored> found = new ArrayList<>();
        try (Connection c = dataSource.getConnection();
                PreparedStatement s = c.prepareStatement(sql)) {
            if (slug != null) {
                s.setString(1, slug);
            }
            try (ResultSet rs = s.executeQuery()) {
                while (rs.next()) {
                    Array classes = rs.getArray(5);
                    found.add(new Stored(
                            rs.getBytes(10),
                            rs.getBytes(11),
                            summary(
                                    rs.getString(1),
                                    rs.getString(2),
                                    rs.getObject(3, OffsetDateTime.class),
                                    rs.getInt(4),
                                    List.of((String[]) classes.getArray()),
                                    rs.getString(6),
                                    rs.getLong(7),
                                    rs.getString(8),
                                    rs.getLong(9))));
                }
            }
        } catch (SQLException e) {
            throw new IllegalStateException("read snapshots", e);
        }
        return found;
    }

    private static Summary summary(
            String slug,
            String title,
            OffsetDateTime frozenAt,
            int runCount,
            List<String> hostClasses,
            String jsonSha,
            long jsonBytes,
            String csvSha,
            long csvBytes) {
        String url = "/api/snapshots/" + slug;
        return new Summary(
                slug,
                title,
                frozenAt.withOffsetSameInstant(ZoneOffset.UTC),
                runCount,
                hostClasses,
                new Download(url + "?format=json", "podium-" + slug + ".json", jsonSha, jsonBytes),
                new Download(url + "?format=csv", "podium-" + slug + ".csv", csvSha, csvBytes));
    }

    private byte[] write(SnapshotDocument document) {
        try {
            return json.writeValueAsBytes(document);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("render snapshot", e);
        }
    }

    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /**
     * /snapshots/:slug of a snapshot never frozen answers 404, as GET /api/snapshots/{slug} does; asked of the primary,
     * which has a snapshot as soon as it is frozen.
     */
    @Produces
    @Singleton
    static SitePageCheck page(DataSource primary) {
        return new RoutePageCheck("snapshot", params -> {
            try (Connection c = primary.getConnection()) {
                List<Object> slug = Collections.singletonList(params.get("slug"));
                return !Rows.of(c, "select 1 from snapshots where slug = ?", slug, rs -> 1)
                        .isEmpty();
            }
        });
    }
}
