/*
 * Loads a synthetic, deterministic read-API dataset straight into Podium's PostgreSQL with COPY: runs over a year,
 * their cells with statistics computed by the service's own dev.podium.stats.CellStatistics, and their repeats.
 * Default mix: 200 runs x 1,200 cells (20 frameworks x 5 scenarios x 6 concurrency levels x 1/2 vCPUs, 2 host
 * classes) + an nginx baseline per scenario and vCPU count = 1,010,000 repeat rows. Not signed: the envelopes are
 * placeholders, so these runs are for load and layout tests only.
 *
 * Run with the built app on the class path (backend/bench/read.sh does it):
 *   java -cp 'target/quarkus-app/app/*:target/quarkus-app/lib/main/*' backend/bench/ReadDataset.java \
 *        --jdbc jdbc:postgresql://localhost:5432/postgres --user postgres --password postgres [--runs 200] [--seed 1]
 */
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;

import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

import dev.podium.stats.CellStatistics;
import dev.podium.stats.CellStats;
import dev.podium.stats.RepeatFigures;

public class ReadDataset {

    static final String[][] FRAMEWORKS = {
            {"Netty", "non-blocking", "4.2.7.Final"}, {"Vert.x Web", "non-blocking", "5.0.5"},
            {"Undertow", "non-blocking", "2.3.20.Final"}, {"Spring WebFlux", "non-blocking", "7.0.1"},
            {"Quarkus REST", "non-blocking", "3.32.0"}, {"Micronaut", "non-blocking", "4.10.2"},
            {"Helidon SE", "virtual-threads", "4.3.1"}, {"Jetty", "virtual-threads", "12.1.3"},
            {"Tomcat", "virtual-threads", "11.0.14"}, {"Spring MVC", "virtual-threads", "7.0.1"},
            {"JDK HttpServer", "virtual-threads", "25"}, {"Javalin", "virtual-threads", "6.7.0"},
            {"Jetty", "blocking", "12.1.3"}, {"Tomcat", "blocking", "11.0.14"}, {"Spring MVC", "blocking", "7.0.1"},
            {"JDK HttpServer", "blocking", "25"}, {"Dropwizard", "blocking", "5.0.0"}, {"Javalin", "blocking", "6.7.0"},
            {"Ktor, \"CIO\" engine", "non-blocking", "3.3.2"}, {"Jooby", "non-blocking", "4.0.11"}};
    static final String[] SCENARIOS = {"plaintext", "json", "proxy", "delay", "db"};
    static final double[] SCENARIO_FACTOR = {1.0, 0.8, 0.25, 0.05, 0.15};
    static final int[] CONNECTIONS = {16, 64, 256, 1024, 2048, 4096};
    static final String[][] HOSTS = {
            {"bench-01", "AMD EPYC 7R13 Processor", "8", "34359738368"},
            {"bench-02", "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", "4", "17179869184"}};

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = new HashMap<>(Map.of("--user", "postgres", "--password", "postgres", "--runs", "200",
                "--seed", "1"));
        for (int i = 0; i + 1 < args.length; i += 2) {
            opt.put(args[i], args[i + 1]);
        }
        if (!opt.containsKey("--jdbc")) {
            System.err.println("usage: ReadDataset --jdbc URL [--user U] [--password P] [--runs 200] [--seed 1]");
            System.exit(2);
        }
        int runs = Integer.parseInt(opt.get("--runs"));
        SplittableRandom random = new SplittableRandom(Long.parseLong(opt.get("--seed")));
        long started = System.nanoTime();
        try (Connection c = DriverManager.getConnection(opt.get("--jdbc"), opt.get("--user"), opt.get("--password"))) {
            c.setAutoCommit(false);
            CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
            long agentId;
            long nextCell;
            try (Statement s = c.createStatement()) {
                byte[] key = new byte[32];
                new java.security.SecureRandom().nextBytes(key);
                String keyid = java.util.HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(key));
                try (ResultSet rs = s.executeQuery("insert into agents (name, public_key, keyid) values ('read-dataset', '\\x"
                        + java.util.HexFormat.of().formatHex(key) + "', '" + keyid + "') returning id")) {
                    rs.next();
                    agentId = rs.getLong(1);
                }
                try (ResultSet rs = s.executeQuery("select coalesce(max(id), 0) + 1000 from cells")) {
                    rs.next();
                    nextCell = rs.getLong(1);
                }
            }
            Instant first = Instant.parse("2025-11-20T02:00:00Z");
            long repeatRows = 0;
            long cellRows = 0;
            for (int run = 0; run < runs; run++) {
                String[] host = HOSTS[run % HOSTS.length];
                Instant start = first.plus(run * 365L * 24 / runs, ChronoUnit.HOURS);
                UUID runId = new UUID(random.nextLong(), random.nextLong());
                String hostClass = host[1] + " · " + host[2] + " vCPU · " + Math.round(Long.parseLong(host[3]) / 1073741824.0) + " GiB";
                int jvmMajor = run < runs / 2 ? 21 : 25;
                StringBuilder runCsv = new StringBuilder();
                row(runCsv, runId, agentId, "read-dataset", "\\x00", "\\x7b7d", start.plusSeconds(7200), 1, start,
                        start.plusSeconds(7000), "0.1.0", "podium-standard", "1.0." + (run / 20), "0123456789abcdef", "full",
                        "wrk", "4.2.0", "fortio", "1.69.0", host[0], host[1], host[2], host[3], "Ubuntu 24.04.1 LTS",
                        "6.8.0", "amd64", "none", "0-1", "2-3", hostClass, jvmMajor == 21 ? "Eclipse Adoptium" : "Amazon Corretto",
                        jvmMajor + ".0.5", jvmMajor, "OpenJDK 64-Bit Server VM", "G1", "{-Xmx1g}");
                StringBuilder cells = new StringBuilder();
                StringBuilder repeats = new StringBuilder();
                int ordinal = 0;
                double hostSpeed = run % HOSTS.length == 0 ? 1.0 : 0.8;
                for (int sc = 0; sc < SCENARIOS.length; sc++) {
                    for (int vcpus = 1; vcpus <= 2; vcpus++) {
                        for (int f = -1; f < FRAMEWORKS.length; f++) {
                            for (int conn : CONNECTIONS) {
                                boolean baseline = f < 0;
                                if (baseline && conn != 256) {
                                    continue;
                                }
                                String[] fw = baseline ? new String[] {"nginx", "non-blocking", "1.26.3"} : FRAMEWORKS[f];
                                double base = baseline ? 300_000 : 200_000 - 7_000 * f;
                                if (f == 3 && run == runs - 1) {
                                    base *= 0.85; // a regression in the latest run, for the history view
                                }
                                double perCore = base * hostSpeed * SCENARIO_FACTOR[sc] * (1 + 0.0003 * run);
                                double capacity = perCore * (vcpus == 1 ? 1 : 1.8);
                                double saturation = conn / (conn + 40.0);
                                double serviceMs = sc == 3 ? 100 : 0;
                                int n = baseline || (cellRows % 6 == 0) ? 5 : 4;
                                long cellId = nextCell++;
                                List<RepeatFigures> figures = new ArrayList<>(n);
                                for (int r = 0; r < n; r++) {
                                    double rps = capacity * saturation * (1 + 0.02 * random.nextGaussian());
                                    double p50 = serviceMs + conn * 1000.0 / Math.max(rps, 1) * (0.9 + 0.1 * random.nextDouble());
                                    double p75 = p50 * 1.2, p90 = p50 * 1.6, p99 = p50 * 3, p999 = p50 * 6, max = p50 * 12;
                                    long requests = Math.round(rps * 15);
                                    long errors = conn >= 2048 && f % 5 == 4 ? requests / 50 : 0;
                                    figures.add(new RepeatFigures(requests, rps, p50, p90, p99, errors));
                                    row(repeats, cellId, r, requests, rps, p50, p75, p90, p99, p999, max, p50 * 1.1, 0,
                                            0, 0, errors, 0);
                                    repeatRows++;
                                }
                                CellStats s = CellStatistics.of(figures, vcpus);
                                row(cells, cellId, runId, ordinal++, fw[0], fw[2], fw[1], SCENARIOS[sc], "closed", conn,
                                        null, sc == 3 ? 100 : null, vcpus, 15.0, 10.0, baseline, "{}", s.repeatCount(),
                                        s.rpsTrimmedMean(), s.rpsMedian(), s.rpsMean(), s.rpsStddev(), s.rpsCiLow(),
                                        s.rpsCiHigh(), s.errorRate(), s.p50Median(), s.p90Median(), s.p99Median(),
                                        s.overErrorLimit(), "t", s.rpsCv(), s.noisy());
                                cellRows++;
                            }
                        }
                    }
                }
                copy.copyIn("copy runs (id, agent_id, keyid, payload_sha256, envelope, received_at, schema_version, "
                        + "started_at, finished_at, agent_version, suite_name, suite_version, suite_commit, suite_profile, "
                        + "load_generator_tool, load_generator_version, open_loop_tool, open_loop_version, host_hostname, "
                        + "host_cpu_model, host_vcpus, host_memory_bytes, host_os, host_kernel, host_arch, "
                        + "host_virtualization, host_server_cpus, host_load_generator_cpus, host_class, jvm_vendor, "
                        + "jvm_version, jvm_major, jvm_vm_name, jvm_gc, jvm_flags) from stdin (format csv)",
                        reader(runCsv));
                copy.copyIn("copy cells (id, run_id, ordinal, framework, framework_version, io_model, scenario, load_model, "
                        + "connections, target_rate, delay_ms, vcpus, duration_seconds, warmup_seconds, baseline, flags, "
                        + "repeat_count, rps_trimmed_mean, rps_median, rps_mean, rps_stddev, rps_ci_low, rps_ci_high, "
                        + "error_rate, p50_median, p90_median, p99_median, over_error_limit, rps_ci_method, rps_cv, noisy) "
                        + "from stdin (format csv)",
                        reader(cells));
                copy.copyIn("copy repeats (cell_id, ordinal, requests, requests_per_second, p50_ms, p75_ms, p90_ms, "
                        + "p99_ms, p999_ms, max_ms, mean_ms, errors_connect, errors_read, errors_write, errors_timeout, "
                        + "errors_status) from stdin (format csv)", reader(repeats));
            }
            try (Statement s = c.createStatement()) {
                s.execute("select setval('cells_seq', (select max(id) from cells) + 100)"); // ids above what we used
                c.commit();
                c.setAutoCommit(true); // ANALYZE inside an open transaction would be rolled back with it
                s.execute("analyze runs");
                s.execute("analyze cells");
                s.execute("analyze repeats");
            }
            System.out.printf("loaded %d runs, %d cells, %d repeats in %.1f s%n", runs, cellRows, repeatRows,
                    (System.nanoTime() - started) / 1e9);
        }
    }

    private static Reader reader(StringBuilder csv) {
        return new StringReader(csv.toString());
    }

    /** One CSV line; null is an empty (NULL) field, text with separators is quoted. */
    private static void row(StringBuilder out, Object... values) {
        for (int i = 0; i < values.length; i++) {
            if (i > 0) {
                out.append(',');
            }
            Object v = values[i];
            if (v == null) {
                continue;
            }
            String s = v.toString();
            if (s.indexOf(',') >= 0 || s.indexOf('"') >= 0 || s.indexOf('\n') >= 0 || s.indexOf('{') >= 0) {
                out.append('"').append(s.replace("\"", "\"\"")).append('"');
            } else {
                out.append(s);
            }
        }
        out.append('\n');
    }
}
