package dev.podium.framework;

import dev.podium.common.RoutePageCheck;
import dev.podium.common.RunSchema;
import dev.podium.common.SitePageCheck;
import dev.podium.leaderboard.LeaderboardQuery;
import dev.podium.leaderboard.LeaderboardResponse;
import dev.podium.leaderboard.LeaderboardService;
import dev.podium.read.CellQueries;
import dev.podium.read.CellRow;
import dev.podium.read.Throughput;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/** Builds a framework's page from the leaderboards of its scenarios, its runs and the suite's description. */
@ApplicationScoped
@RequiredArgsConstructor
public class FrameworkPages {

    static final int HISTORY_RUNS = 50;
    // the run schema's order (plaintext first), read from the schema rather than written out here
    private static final List<String> SCENARIO_ORDER = List.copyOf(RunSchema.SCENARIOS);

    private final CellQueries queries;
    private final LeaderboardService leaderboards;
    private final FrameworkNames names;
    private final SuiteCatalog suite;
    private final FrameworkConfig config;

    /** The stored (non-baseline) framework a slug or name stands for, or null. Blocking. */
    public String framework(String slugOrName) {
        String name = names.resolve(slugOrName);
        if (name == null) {
            return null;
        }
        boolean measured = !queries.selectNewest(
                        "1",
                        new CellQueries.Where().and("c.framework = ?", name).andAlways("not c.baseline"),
                        "limit 1",
                        rs -> 1)
                .isEmpty();
        return measured ? name : null;
    }

    /** The leaderboard of a scenario (closed loop, its default host class and vCPUs): what the page and badges show. */
    public LeaderboardResponse board(String scenario) {
        return leaderboards.leaderboard(
                LeaderboardQuery.of(scenario, "closed", null, null, LeaderboardQuery.DEFAULT_SLA_MS, false), "segment");
    }

    public FrameworkPage page(String framework, String baseUrl) {
        String slug = Slugs.of(framework);
        CellQueries.Where mine =
                new CellQueries.Where().and("c.framework = ?", framework).andAlways("not c.baseline");
        record Latest(String ioModel, String version, String commit) {}
        List<Latest> latest = queries.selectNewest(
                "distinct on (c.io_model) c.io_model, c.framework_version,"
                        + " (select s.suite_commit from runs s where s.id = c.run_id)",
                mine,
                "order by c.io_model, r.started_at desc, r.received_at desc, r.id desc",
                rs -> new Latest(rs.getString(1), rs.getString(2), rs.getString(3)));
        List<FrameworkPage.Target> targets = new ArrayList<>();
        String classification = null;
        for (Latest l : latest) {
            SuiteCatalog.Target t = suite.find(framework, l.ioModel());
            String module = t == null ? null : t.module() != null ? t.module() : t.name();
            if (t != null && t.classification() != null) {
                classification = t.classification();
            }
            targets.add(new FrameworkPage.Target(
                    t == null ? null : t.name(),
                    l.ioModel(),
                    l.version(),
                    t == null ? null : t.classification(),
                    t == null ? null : t.tuning(),
                    t == null ? null : t.notes(),
                    module == null ? null : sourceUrl(l.commit(), module)));
        }
        List<String> scenarios = queries.distinctNewest(
                "c.scenario",
                new CellQueries.Where()
                        .and("c.framework = ?", framework)
                        .andAlways("not c.baseline")
                        .andAlways("c.load_model = 'closed'"),
                rs -> rs.getString(1));
        List<FrameworkPage.ScenarioFigures> figures = new ArrayList<>();
        for (String scenario : SCENARIO_ORDER) {
            if (scenarios.contains(scenario)) {
                FrameworkPage.ScenarioFigures f = scenario(framework, slug, scenario, baseUrl);
                if (f != null) {
                    figures.add(f);
                }
            }
        }
        return new FrameworkPage(framework, slug, classification, suite.suiteVersion(), targets, figures);
    }

    private String sourceUrl(String commit, String module) {
        String base = config.repositoryUrl().replaceAll("/+$", "");
        String ref = commit != null && commit.matches("[0-9a-f]{7,64}") ? commit : "main";
        return base + "/tree/" + ref + "/agent/suite/" + module;
    }

    private FrameworkPage.ScenarioFigures scenario(String framework, String slug, String scenario, String baseUrl) {
        LeaderboardResponse board = board(scenario);
        List<LeaderboardResponse.Row> rows = board.rows();
        List<FrameworkPage.Figure> mine = new ArrayList<>();
        int first = -1;
        int last = -1;
        for (int i = 0; i < rows.size(); i++) {
            LeaderboardResponse.Row r = rows.get(i);
            if (r.framework().equals(framework)) {
                mine.add(new FrameworkPage.Figure(
                        r.place(),
                        r.ioModel(),
                        r.frameworkVersion(),
                        r.runId(),
                        r.startedAt(),
                        r.shown(),
                        r.repeatCount(),
                        r.slaConnections() != null ? r.slaConnections() : r.bestConnections(),
                        r.p99Ms(),
                        r.errorRate(),
                        r.flags(),
                        r.requestsPerCpuSecond(),
                        r.rssMbPerKrps(),
                        r.agentRevoked(),
                        r.gc()));
                if (r.place().ranked()) { // its place among the ranked rows
                    first = first < 0 ? i : first;
                    last = i;
                }
            }
        }
        if (mine.isEmpty()) {
            return null; // measured only on other host classes than the board's default one
        }
        // the nearest ranked rows of other frameworks (an unranked row has no place above or below anything); a
        // framework whose rows are all unranked has no neighbours
        List<FrameworkPage.Neighbour> nearest = new ArrayList<>();
        boolean ranked = first >= 0;
        for (int i = first - 1; ranked && i >= 0; i--) {
            if (!rows.get(i).framework().equals(framework)
                    && rows.get(i).place().ranked()) {
                nearest.add(neighbour("above", rows.get(i)));
                break;
            }
        }
        for (int i = last + 1; ranked && i < rows.size(); i++) {
            if (!rows.get(i).framework().equals(framework)
                    && rows.get(i).place().ranked()) {
                nearest.add(neighbour("below", rows.get(i)));
                break;
            }
        }
        String path = "/api/badges/" + slug + "/" + scenario;
        String markdown = "[![" + framework + " " + scenario + "](" + baseUrl + path + ".svg)](" + baseUrl
                + "/frameworks/" + slug + ")";
        return new FrameworkPage.ScenarioFigures(
                scenario,
                board.loadModel(),
                board.hostClass(),
                board.vcpus(),
                rows.size(),
                mine,
                nearest,
                history(framework, scenario, board.hostClass(), board.vcpus()),
                new FrameworkPage.Badge(path + ".svg", path + ".json", markdown));
    }

    private static FrameworkPage.Neighbour neighbour(String position, LeaderboardResponse.Row r) {
        return new FrameworkPage.Neighbour(
                position, r.place(), r.framework(), Slugs.of(r.framework()), r.ioModel(), r.shown());
    }

    private List<FrameworkPage.HistorySeries> history(String framework, String scenario, String hostClass, int vcpus) {
        List<CellRow> cells = queries.cells(new CellQueries.Where()
                .and("c.scenario = ?", scenario)
                .andAlways("c.load_model = 'closed'")
                .and("c.framework = ?", framework)
                .and("r.host_class = ?", hostClass)
                .and("c.vcpus = ?", vcpus)
                .andAlways("not c.baseline")
                .andAlways("c.topology = ?", dev.podium.topology.Topology.SINGLE) // as the board it sits under
                .andAlways("c.jvm_mode = ?", dev.podium.jvmmode.JvmMode.DEFAULT));
        Map<String, Map<UUID, CellRow>> byModel = new TreeMap<>();
        for (CellRow c : cells) {
            byModel.computeIfAbsent(c.cell().ioModel(), k -> new HashMap<>())
                    .merge(c.runId(), c, (a, b) -> b.throughput() > a.throughput() ? b : a);
        }
        List<FrameworkPage.HistorySeries> series = new ArrayList<>();
        byModel.forEach((model, runs) -> {
            List<CellRow> points = new ArrayList<>(runs.values());
            points.sort(CellRow::newestFirst);
            List<CellRow> kept = new ArrayList<>(points.subList(0, Math.min(HISTORY_RUNS, points.size())));
            kept.sort(Comparator.comparing(CellRow::startedAt).thenComparing(CellRow::receivedAt));
            series.add(new FrameworkPage.HistorySeries(
                    model,
                    kept.stream()
                            .map(c -> new FrameworkPage.HistoryPoint(
                                    c.runId(),
                                    c.startedAt(),
                                    Throughput.of(c),
                                    c.cell().frameworkVersion()))
                            .toList()));
        });
        return series;
    }

    /** /frameworks/:slug of a framework the service has no results of answers 404 (as GET /api/frameworks/{slug} does). */
    @Produces
    @Singleton
    SitePageCheck page() {
        return new RoutePageCheck("framework", params -> framework(params.get("slug")) != null);
    }
}
