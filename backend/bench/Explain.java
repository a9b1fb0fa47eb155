/*
 * make bench-explain (issue 44): the plans of the SQL every read endpoint issues, on the benchmarks' data set.
 * PostgreSQL's own auto_explain logs each statement the service runs with EXPLAIN (ANALYZE, BUFFERS) as it runs it
 * (FORMAT JSON, nested statements too) into a CSV log; this program calls each endpoint once, with parameters taken
 * from the data, and attributes the logged plans to the endpoint by time. backend/bench/explain.sh drives it:
 *
 *   Explain.java --prepare --jdbc URL    turns auto_explain on for the next server start (off until --measure)
 *   Explain.java --measure --jdbc URL --url BASE --data DIR    calls the endpoints, prints the plans' figures
 *   Explain.java --reset --jdbc URL      removes the settings again (from the next start on)
 *
 * Per endpoint it prints the answer's status and time, then each statement: its time, rows, shared buffers hit and
 * read, and every sequential scan of repeats, cells or cell_starts (flagged SEQ: what does not hold as they grow).
 * Statements that also run with no request at all (the read cache's polling, change detection) are left out: they are
 * logged in a quiet window first and their texts subtracted.
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.stream.Stream;

public class Explain {

    static final Set<String> WATCHED = Set.of("repeats", "cells", "cell_starts");
    /** repeats' partitions (V31): repeats_history (the ids below the first bound) and repeats_<lowest id>. */
    static final java.util.regex.Pattern PARTITION = java.util.regex.Pattern.compile("repeats_(history|\\d+)");
    static final String[] SETTINGS = {"shared_preload_libraries = 'auto_explain'", "logging_collector = on",
            "log_destination = 'csvlog'", "log_directory = 'explain-log'", "log_filename = 'explain.log'",
            "auto_explain.log_min_duration = -1", "auto_explain.log_analyze = on", "auto_explain.log_buffers = on",
            "auto_explain.log_format = 'json'", "auto_explain.log_nested_statements = on", "auto_explain.log_timing = on"};

    record Call(String name, String path, long from, long to, int status, double ms) {}

    record Logged(long at, int pid, String message) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        String mode = args[0];
        for (int i = 1; i + 1 < args.length; i += 2) {
            a.put(args[i].substring(2), args[i + 1]);
        }
        try (Connection c = DriverManager.getConnection(a.get("jdbc"), a.getOrDefault("user", "postgres"),
                a.getOrDefault("password", "postgres")); Statement s = c.createStatement()) {
            s.execute("load 'auto_explain'"); // its settings are known to this session, so ALTER SYSTEM takes them
            switch (mode) {
                case "--prepare" -> {
                    for (String setting : SETTINGS) {
                        s.execute("alter system set " + setting);
                    }
                }
                case "--reset" -> {
                    for (String setting : SETTINGS) {
                        s.execute("alter system reset " + setting.substring(0, setting.indexOf(' ')));
                    }
                    s.execute("select pg_reload_conf()");
                }
                case "--measure" -> measure(c, s, a.get("url"), Path.of(a.get("data")));
                default -> throw new IllegalArgumentException("--prepare, --measure or --reset");
            }
        }
    }

    /** Waits until no other session has run a statement for the given seconds in a row (at most limit seconds). */
    static void quiet(Statement s, int seconds, int limit) throws Exception {
        long deadline = System.currentTimeMillis() + limit * 1000L;
        int still = 0;
        while (still < seconds * 5 && System.currentTimeMillis() < deadline) {
            String active = one(s, "select count(*) from pg_stat_activity where state = 'active' and backend_type ="
                    + " 'client backend' and pid <> pg_backend_pid()");
            still = "0".equals(active) ? still + 1 : 0;
            Thread.sleep(200);
        }
        if (still < seconds * 5) {
            System.out.println("bench-explain: the database was not quiet for " + seconds + " s within " + limit + " s");
        }
    }

    static String one(Statement s, String sql) throws Exception {
        try (ResultSet rs = s.executeQuery(sql)) {
            return rs.next() ? rs.getString(1) : null;
        }
    }

    static void measure(Connection c, Statement s, String url, Path data) throws Exception {
        String myPid = one(s, "select pg_backend_pid()");
        // parameters from the data: the newest nightly run, the one before it on the same host class and JVM, a target
        String run = one(s, "select id from runs where suite_profile = 'nightly' order by started_at desc limit 1");
        String before = one(s, "select b.id from runs a join runs b on b.host_class = a.host_class and b.jvm_version ="
                + " a.jvm_version and b.suite_profile = a.suite_profile and b.started_at < a.started_at where a.id = '" + run
                + "' order by b.started_at desc limit 1");
        String hostClass = one(s, "select host_class from runs where id = '" + run + "'");
        String cellA = one(s, "select id from cells where run_id = '" + run + "' and framework = 'Netty' and scenario ="
                + " 'plaintext' and load_model = 'closed' and vcpus = 1");
        String cellB = one(s, "select id from cells where run_id = '" + run + "' and framework = 'Vert.x Web' and"
                + " scenario = 'plaintext' and load_model = 'closed' and vcpus = 1");
        String hc = URLEncoder.encode(hostClass, StandardCharsets.UTF_8);
        Map<String, String> endpoints = new LinkedHashMap<>();
        endpoints.put("leaderboard", "/api/leaderboard?scenario=json&hostClass=" + hc + "&vcpus=1");
        endpoints.put("leaderboard (cost rank)", "/api/leaderboard?scenario=plaintext&loadModel=open&rank=cpu&hostClass=" + hc);
        endpoints.put("runs list", "/api/runs?page=3&size=20");
        endpoints.put("run", "/api/runs/" + run);
        endpoints.put("run cells", "/api/runs/" + run + "/cells");
        endpoints.put("run host", "/api/runs/" + run + "/host");
        endpoints.put("run parts", "/api/runs/" + run + "/parts");
        endpoints.put("run warmup", "/api/runs/" + run + "/warmup");
        endpoints.put("history", "/api/history?scenario=plaintext&framework=netty&hostClass=" + hc + "&vcpus=1");
        endpoints.put("scaling", "/api/scaling?scenario=plaintext&framework=netty");
        endpoints.put("latency", "/api/latency?scenario=json&hostClass=" + hc + "&vcpus=1");
        endpoints.put("compare", "/api/compare?a=" + cellA + "&b=" + cellB);
        endpoints.put("calculator", "/api/calculator?scenario=plaintext&from=Tomcat&fromIoModel=blocking&to=Netty"
                + "&toIoModel=non-blocking&servers=4&current=1000&required=3000&hostClass=" + hc);
        endpoints.put("composite", "/api/composite?hostClass=" + hc + "&vcpus=1");
        endpoints.put("cost rates", "/api/cost/rates?scenario=plaintext&hostClass=" + hc + "&vcpus=1&framework=netty");
        endpoints.put("frameworks", "/api/frameworks");
        endpoints.put("framework page", "/api/frameworks/netty");
        endpoints.put("framework jvm modes", "/api/frameworks/netty/jvm-modes");
        endpoints.put("badge", "/api/badges/netty/json.svg");
        endpoints.put("changes", "/api/changes?limit=50");
        endpoints.put("changes feed", "/api/changes.atom?framework=netty");
        endpoints.put("diff", "/api/diff?a=" + before + "&b=" + run);
        endpoints.put("snapshots", "/api/snapshots");
        HttpClient http = HttpClient.newHttpClient();
        quiet(s, 5, 900); // change detection and the background rendering after start are done
        s.execute("alter system set auto_explain.log_min_duration = 0");
        s.execute("select pg_reload_conf()");
        long quietFrom = System.currentTimeMillis();
        Thread.sleep(3000); // what runs without any request: subtracted below
        long quietTo = System.currentTimeMillis();
        List<Call> calls = new ArrayList<>();
        for (Map.Entry<String, String> e : endpoints.entrySet()) {
            long from = System.currentTimeMillis();
            long t = System.nanoTime();
            HttpResponse<byte[]> answer = http.send(HttpRequest.newBuilder(URI.create(url + e.getValue())).build(),
                    HttpResponse.BodyHandlers.ofByteArray());
            double ms = (System.nanoTime() - t) / 1e6;
            quiet(s, 1, 60); // what the request set off in the background is its own; the log catches up
            calls.add(new Call(e.getKey(), e.getValue(), from, System.currentTimeMillis(), answer.statusCode(), ms));
        }
        s.execute("alter system set auto_explain.log_min_duration = -1");
        s.execute("select pg_reload_conf()");
        Thread.sleep(1000);
        List<Logged> log = read(data.resolve("postgres/explain-log"), Integer.parseInt(myPid));
        Set<String> quiet = new HashSet<>();
        for (Logged l : log) {
            if (l.at() >= quietFrom && l.at() <= quietTo) {
                quiet.add(queryText(l));
            }
        }
        System.out.printf(Locale.ROOT, "bench-explain: %s; %s, %s rows in repeats, %s in cells, %s runs%n", url,
                one(s, "select pg_size_pretty(pg_database_size(current_database()))"), one(s, "select count(*) from repeats"),
                one(s, "select count(*) from cells"), one(s, "select count(*) from runs"));
        System.out.println("bench-explain: on disk (tables with their indexes and TOAST, partitions summed): " + one(s, "select string_agg(t || ' '"
                + " || pg_size_pretty((select sum(pg_total_relation_size(p.relid)) from pg_partition_tree(t::regclass) p)), ', ')"
                + " from unnest(array['runs', 'cells', 'repeats',"
                + " 'cell_starts', 'cell_raw_outputs']) t where to_regclass(t) is not null"));
        long partitions = Long.parseLong(one(s, "select count(*) from repeat_partitions"));
        System.out.println("endpoint | status | answer ms | statements | SQL ms | rows | shared hit | shared read"
                + " | partitions of repeats read (of " + partitions + ") | sequential scans of repeats/cells/cell_starts");
        int flagged = 0;
        for (Call call : calls) {
            List<JsonNode> plans = new ArrayList<>();
            for (Logged l : log) {
                if (l.at() >= call.from() && l.at() <= call.to() && !quiet.contains(queryText(l))) {
                    JsonNode plan = plan(l);
                    if (plan != null) {
                        plans.add(plan);
                    }
                }
            }
            double sqlMs = 0;
            long rows = 0, hit = 0, blocksRead = 0;
            List<String> seq = new ArrayList<>();
            Set<String> read = new HashSet<>();
            for (JsonNode p : plans) {
                JsonNode top = p.get("Plan");
                sqlMs += top.path("Actual Total Time").asDouble();
                rows += top.path("Actual Rows").asLong() * Math.max(1, top.path("Actual Loops").asLong());
                hit += top.path("Shared Hit Blocks").asLong();
                blocksRead += top.path("Shared Read Blocks").asLong();
                scans(top, seq, read);
            }
            flagged += seq.isEmpty() ? 0 : 1;
            System.out.printf(Locale.ROOT, "%s %s | %d | %.0f | %d | %.1f | %d | %d | %d | %d | %s%n", seq.isEmpty() ? " " : "!",
                    call.name(), call.status(), call.ms(), plans.size(), sqlMs, rows, hit, blocksRead, read.size(),
                    seq.isEmpty() ? "-" : "SEQ " + String.join(", ", seq));
        }
        System.out.printf(Locale.ROOT, "bench-explain: %d of %d endpoints scan repeats, cells or cell_starts sequentially"
                + " (flagged !); the plans are in %s (auto_explain, JSON)%n", flagged, calls.size(),
                data.resolve("postgres/explain-log"));
        for (Call call : calls) {
            System.out.println("  " + call.name() + ": GET " + call.path());
        }
    }

    /**
     * Every sequential scan of a watched table (or a partition of repeats) in the plan: table (rows it read, loops);
     * and into partitions, each partition of repeats the plan read (a node that ran: pruned ones did not).
     */
    static void scans(JsonNode node, List<String> out, Set<String> partitions) {
        String relation = node.path("Relation Name").asText();
        boolean partition = PARTITION.matcher(relation).matches();
        if (partition && node.path("Actual Loops").asLong() > 0) {
            partitions.add(relation);
        }
        // a node that never ran (0 loops: its outer side gave no rows) read nothing, as a partition pruned at run time
        if (node.path("Node Type").asText().endsWith("Seq Scan") && (partition || WATCHED.contains(relation))
                && node.path("Actual Loops").asLong() > 0) {
            long removed = node.path("Rows Removed by Filter").asLong();
            out.add(String.format(Locale.ROOT, "%s (%,d rows out, %,d filtered, %d loops)", node.path("Relation Name").asText(),
                    node.path("Actual Rows").asLong(), removed, node.path("Actual Loops").asLong()));
        }
        for (JsonNode child : node.path("Plans")) {
            scans(child, out, partitions);
        }
    }

    static JsonNode plan(Logged l) {
        int at = l.message().indexOf('{');
        if (!l.message().startsWith("duration:") || at < 0) {
            return null;
        }
        try {
            return new ObjectMapper().readTree(l.message().substring(at));
        } catch (Exception e) {
            return null;
        }
    }

    static String queryText(Logged l) {
        JsonNode p = plan(l);
        return p == null ? l.message() : p.path("Query Text").asText().replaceAll("\\s+", " ").trim();
    }

    static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss.SSS");

    /** The csvlog's rows of other sessions: time, pid and message (PostgreSQL's CSV: quoted, "" inside, newlines kept). */
    static List<Logged> read(Path dir, int myPid) throws Exception {
        List<Logged> out = new ArrayList<>();
        List<Path> files;
        try (Stream<Path> list = Files.list(dir)) {
            files = list.filter(p -> p.toString().endsWith(".csv")).sorted().toList();
        }
        for (Path f : files) {
            String text = Files.readString(f);
            List<String> fields = new ArrayList<>();
            StringBuilder field = new StringBuilder();
            boolean quoted = false;
            for (int i = 0; i < text.length(); i++) {
                char ch = text.charAt(i);
                if (quoted) {
                    if (ch == '"' && i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        field.append('"');
                        i++;
                    } else if (ch == '"') {
                        quoted = false;
                    } else {
                        field.append(ch);
                    }
                } else if (ch == '"') {
                    quoted = true;
                } else if (ch == ',') {
                    fields.add(field.toString());
                    field.setLength(0);
                } else if (ch == '\n') {
                    fields.add(field.toString());
                    field.setLength(0);
                    if (fields.size() > 13 && !fields.get(3).isEmpty() && Integer.parseInt(fields.get(3)) != myPid) {
                        long at = LocalDateTime.parse(fields.get(0).replace(" UTC", ""), TIME).toInstant(ZoneOffset.UTC)
                                .toEpochMilli();
                        out.add(new Logged(at, Integer.parseInt(fields.get(3)), fields.get(13)));
                    }
                    fields.clear();
                } else {
                    field.append(ch);
                }
            }
        }
        return out;
    }
}
