/*
 * Ingest benchmark: posts signed runs of CELLS cells x REPEATS repeats to a running Podium service and compares the
 * rate at which repeats are stored with the rate at which PostgreSQL itself loads the same cell and repeat rows with
 * COPY (pgjdbc CopyManager into scratch tables on the same server), in the same run. backend/bench/ingest.sh starts
 * the service and calls this with the built app on the class path:
 *
 *   java -cp 'target/quarkus-app/app/*:target/quarkus-app/lib/main/*' backend/bench/IngestBench.java \
 *        --url http://127.0.0.1:18090 --admin-token bench --jdbc jdbc:postgresql://localhost:PORT/postgres \
 *        --key schema/testdata/keys/test-agent.json [--runs 8] [--warmup 30] [--cells 1000] [--repeats 5] [--clients 1]
 *
 * Loopback only; the number of requests is bounded by --warmup + --runs. Reads its options and signs its runs as
 * Soak.java does (Java's launcher compiles that file too).
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.spec.EdECPrivateKeySpec;
import java.security.spec.NamedParameterSpec;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.stream.Stream;
import org.postgresql.PGConnection;
import org.postgresql.copy.CopyManager;

public class IngestBench {

    static final String PAYLOAD_TYPE = "application/vnd.podium.run.v1+json";
    static final String[] FRAMEWORKS = {"Netty", "Vert.x Web", "Undertow", "Spring WebFlux", "Quarkus REST",
            "Helidon SE", "Jetty", "Tomcat", "Spring MVC", "JDK HttpServer"};
    static final String[] IO_MODELS = {"non-blocking", "non-blocking", "non-blocking", "non-blocking", "non-blocking",
            "virtual-threads", "virtual-threads", "blocking", "blocking", "blocking"};
    static final String[] SCENARIOS = {"plaintext", "json", "proxy", "delay"};

    /** One generated run: its envelope, and the same rows as text COPY input. */
    record GeneratedRun(UUID id, byte[] envelope, String cellRows, String repeatRows, int repeats) {
    }

    public static void main(String[] args) throws Exception {
        Map<String, String> a = parse(args);
        String url = a.getOrDefault("url", "http://127.0.0.1:18090");
        int runs = Integer.parseInt(a.getOrDefault("runs", "8"));
        int warmup = Integer.parseInt(a.getOrDefault("warmup", "30"));
        int cells = Integer.parseInt(a.getOrDefault("cells", "1000"));
        int repeats = Integer.parseInt(a.getOrDefault("repeats", "5"));
        int clients = Integer.parseInt(a.getOrDefault("clients", "1"));
        JsonNode key = new ObjectMapper().readTree(Files.readString(Path.of(a.get("key"))));
        PrivateKey signer = KeyFactory.getInstance("Ed25519").generatePrivate(new EdECPrivateKeySpec(
                NamedParameterSpec.ED25519, Base64.getDecoder().decode(key.get("seed").asText())));

        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> enrolled = http.send(HttpRequest.newBuilder(URI.create(url + "/api/agents"))
                .header("Authorization", "Bearer " + a.get("admin-token"))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"bench\",\"publicKey\":\""
                        + key.get("publicKey").asText() + "\"}"))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (enrolled.statusCode() != 201 && enrolled.statusCode() != 409) {
            throw new IllegalStateException("enrolment answered " + enrolled.statusCode() + ": " + enrolled.body());
        }

        List<GeneratedRun> generated = new ArrayList<>();
        for (int i = 0; i < warmup + runs; i++) {
            generated.add(generate(signer, key.get("keyid").asText(), new SplittableRandom(1000 + i), cells, repeats,
                    (long) i * cells + 1));
        }
        System.out.printf(Locale.ROOT, "ingest bench: %d runs of %d cells x %d repeats, envelope %.2f MB each%n",
                runs, cells, repeats, generated.getFirst().envelope().length / 1e6);

        // discarded: the service's JIT compiles the ingest path over its first runs, and a service ingests for days.
        // After 3 runs the validation phase still took about 110 ms a run, after 30 to 40 about 60 ms (this VM)
        for (GeneratedRun run : generated.subList(0, warmup)) {
            post(http, url, run);
        }
        List<GeneratedRun> measured = generated.subList(warmup, warmup + runs);
        Map<String, Double> phasesBefore = phaseSeconds(http, url);
        double ingestSeconds = 0;
        double copySeconds = 0;
        try (Connection db = DriverManager.getConnection(a.get("jdbc"), a.getOrDefault("user", "postgres"),
                a.getOrDefault("password", "postgres"))) {
            createScratchTables(db);
            if (clients == 1) {
                // one run through the service, then the same rows by COPY, and so on: a machine whose load drifts
                // during the bench weighs on both figures alike
                for (GeneratedRun run : measured) {
                    long start = System.nanoTime();
                    post(http, url, run);
                    ingestSeconds += (System.nanoTime() - start) / 1e9;
                    copySeconds += copy(db, run);
                }
            } else {
                long start = System.nanoTime();
                try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
                    List<Future<?>> answers = new ArrayList<>();
                    for (GeneratedRun run : measured) {
                        answers.add(pool.submit(() -> post(http, url, run)));
                    }
                    for (Future<?> answer : answers) {
                        answer.get();
                    }
                }
                ingestSeconds = (System.nanoTime() - start) / 1e9;
                for (GeneratedRun run : measured) {
                    copySeconds += copy(db, run);
                }
            }
            dropScratchTables(db);
        }
        Map<String, Double> phasesAfter = phaseSeconds(http, url);
        long repeatRows = (long) runs * cells * repeats;
        double ingestRate = repeatRows / ingestSeconds;
        double copyRate = repeatRows / copySeconds;

        System.out.printf(Locale.ROOT, "ingest  (POST /api/runs, %d client%s): %8.0f repeats/s  (%.0f ms per run)%n",
                clients, clients == 1 ? "" : "s", ingestRate, ingestSeconds * 1000 / runs);
        System.out.printf(Locale.ROOT, "COPY    (same cell + repeat rows)  : %8.0f repeats/s  (%.0f ms per run)%n",
                copyRate, copySeconds * 1000 / runs);
        System.out.printf(Locale.ROOT, "ratio ingest / COPY: %.2f (target >= 0.30)%n", ingestRate / copyRate);
        Map<String, Double> perRun = new HashMap<>(); // ms per measured run in each phase the service reports
        phasesAfter.forEach((phase, seconds) ->
                perRun.put(phase, (seconds - phasesBefore.getOrDefault(phase, 0.0)) * 1000 / runs));
        StringBuilder phases = new StringBuilder("service time per run:");
        for (String phase :
                List.of("signature", "validation", "statistics", "envelope", "run-row", "statistics-wait", "cells")) {
            phases.append(String.format(Locale.ROOT, " %s %.0f ms,", phase, perRun.getOrDefault(phase, 0.0)));
        }
        System.out.println(phases.substring(0, phases.length() - 1)
                + " (statistics run while the run row is stored; statistics-wait is what the request waits beyond that)");
        // what the phases above leave out: the mapping, the resubmission check and the commit (inside storage), and,
        // with one client, the HTTP exchange (the time per post less the service's phases)
        double storage = perRun.getOrDefault("storage", 0.0);
        double inStorage = Stream.of("envelope", "run-row", "statistics-wait", "cells")
                .mapToDouble(phase -> perRun.getOrDefault(phase, 0.0)).sum();
        double service = perRun.getOrDefault("signature", 0.0) + perRun.getOrDefault("validation", 0.0) + storage;
        System.out.printf(Locale.ROOT, "storage %.0f ms per run, of which mapping, resubmission check and commit %.0f ms%s%n",
                storage, storage - inStorage, clients == 1
                        ? String.format(Locale.ROOT, "; the HTTP exchange %.0f ms", ingestSeconds * 1000 / runs - service)
                        : "");
        // the statistics are the read API's per-cell bootstrap (10,000 resamples each): the rate the rest of the path
        // reaches is the measured time less the time the request spent waiting for them
        double waited = perRun.getOrDefault("statistics-wait", 0.0) * runs / 1000;
        double withoutStatistics = repeatRows / Math.max(1e-9, ingestSeconds - waited / clients);
        System.out.printf(Locale.ROOT, "ingest less the wait for statistics: %.0f repeats/s, ratio %.2f%n",
                withoutStatistics, withoutStatistics / copyRate);
    }

    /** Total seconds per ingest phase so far, from the service's Prometheus metrics. */
    static Map<String, Double> phaseSeconds(HttpClient http, String url) throws Exception {
        String metrics = http.send(HttpRequest.newBuilder(URI.create(url + "/q/metrics")).build(),
                HttpResponse.BodyHandlers.ofString()).body();
        Map<String, Double> out = new HashMap<>();
        java.util.regex.Matcher m = java.util.regex.Pattern
                .compile("(?m)^podium_ingest_phase_seconds_sum\\{[^}]*phase=\"([a-z-]+)\"[^}]*\\} ([0-9.eE+-]+)$")
                .matcher(metrics);
        while (m.find()) {
            out.put(m.group(1), Double.parseDouble(m.group(2)));
        }
        return out;
    }

    static Void post(HttpClient http, String url, GeneratedRun run) throws Exception {
        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(url + "/api/runs"))
                .header("Content-Type", "application/json")
                .timeout(Duration.ofSeconds(120))
                .POST(HttpRequest.BodyPublishers.ofByteArray(run.envelope()))
                .build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 201) {
            throw new IllegalStateException("run " + run.id() + " answered " + answer.statusCode() + ": " + answer.body());
        }
        return null;
    }

    static void createScratchTables(Connection c) throws Exception {
        try (Statement s = c.createStatement()) {
            s.execute("drop table if exists bench_copy_repeats, bench_copy_cells");
            // same columns, defaults, checks, indexes and foreign keys as the real tables: the same work for
            // PostgreSQL as the service's own COPY into cells and repeats (the runs rows are the service's)
            s.execute("create table bench_copy_cells (like cells including all, foreign key (run_id) references runs (id))");
            s.execute("create table bench_copy_repeats (like repeats including all,"
                    + " foreign key (cell_id) references bench_copy_cells (id))");
        }
    }

    static void dropScratchTables(Connection c) throws Exception {
        c.setAutoCommit(true);
        try (Statement s = c.createStatement()) {
            s.execute("drop table bench_copy_repeats, bench_copy_cells");
        }
    }

    /** Loads one run's cells and repeats with COPY in one transaction, as the service does; returns seconds. */
    static double copy(Connection c, GeneratedRun run) throws Exception {
        CopyManager copy = c.unwrap(PGConnection.class).getCopyAPI();
        c.setAutoCommit(false);
        long start = System.nanoTime();
        copy.copyIn("copy bench_copy_cells (id, run_id, ordinal, framework, framework_version, io_model, scenario,"
                + " load_model, connections, target_rate, delay_ms, vcpus, duration_seconds, warmup_seconds, baseline,"
                + " flags) from stdin", new StringReader(run.cellRows()));
        copy.copyIn("copy bench_copy_repeats (cell_id, ordinal, requests, requests_per_second, p50_ms, p75_ms,"
                + " p90_ms, p99_ms, p999_ms, max_ms, mean_ms, errors_connect, errors_read, errors_write,"
                + " errors_timeout, errors_status) from stdin", new StringReader(run.repeatRows()));
        c.commit();
        return (System.nanoTime() - start) / 1e9;
    }

    static GeneratedRun generate(PrivateKey signer, String keyid, SplittableRandom random, int cells, int repeats,
                                 long firstCellId) throws Exception {
        UUID id = new UUID(random.nextLong(), random.nextLong());
        Instant started = Instant.parse("2026-11-01T10:00:00Z");
        StringBuilder json = new StringBuilder(cells * repeats * 320);
        StringBuilder cellRows = new StringBuilder();
        StringBuilder repeatRows = new StringBuilder();
        json.append("{\"schemaVersion\":1,\"runId\":\"").append(id).append("\",\"startedAt\":\"").append(started)
                .append("\",\"finishedAt\":\"").append(started.plusSeconds(3600)).append("\",")
                .append("\"agent\":{\"version\":\"0.1.0\"},")
                .append("\"suite\":{\"name\":\"podium-standard\",\"version\":\"1.0.0\",\"commit\":\"0123456789abcdef\"},")
                .append("\"loadGenerator\":{\"tool\":\"wrk\",\"version\":\"4.2.0\"},")
                .append("\"host\":{\"hostname\":\"bench-01\",\"cpuModel\":\"AMD EPYC 7B13\",\"vcpus\":8,")
                .append("\"memoryBytes\":34359738368,\"os\":\"Debian 13\",\"kernel\":\"6.12.0\",\"arch\":\"amd64\",")
                .append("\"virtualization\":\"kvm\"},")
                .append("\"jvm\":{\"vendor\":\"Eclipse Adoptium\",\"version\":\"25.0.1+8\",\"vmName\":\"OpenJDK 64-Bit Server VM\",")
                .append("\"gc\":\"G1\",\"flags\":[\"-Xmx2g\"]},\"results\":[");
        long cellId = firstCellId;
        for (int c = 0; c < cells; c++, cellId++) {
            int f = c % FRAMEWORKS.length;
            String scenario = SCENARIOS[(c / FRAMEWORKS.length) % SCENARIOS.length];
            int connections = 16 << ((c / (FRAMEWORKS.length * SCENARIOS.length)) % 5);
            int vcpus = 1 << ((c / 200) % 3);
            if (c > 0) {
                json.append(',');
            }
            json.append("{\"framework\":\"").append(FRAMEWORKS[f]).append("\",\"frameworkVersion\":\"1.0.").append(c)
                    .append("\",\"ioModel\":\"").append(IO_MODELS[f]).append("\",\"scenario\":\"").append(scenario)
                    .append("\",\"loadModel\":\"closed\",\"connections\":").append(connections)
                    .append(scenario.equals("delay") ? ",\"delayMs\":100" : "")
                    .append(",\"vcpus\":").append(vcpus).append(",\"durationSeconds\":15,\"repeats\":[");
            cellRows.append(cellId).append('\t').append(id).append('\t').append(c).append('\t').append(FRAMEWORKS[f])
                    .append("\t1.0.").append(c).append('\t').append(IO_MODELS[f]).append('\t').append(scenario)
                    .append("\tclosed\t").append(connections).append("\t\\N\t")
                    .append(scenario.equals("delay") ? "100" : "\\N").append('\t').append(vcpus)
                    .append("\t15\t\\N\tf\t{}\n");
            for (int r = 0; r < repeats; r++) {
                double rps = 50_000 + random.nextDouble() * 50_000;
                double p50 = 0.5 + random.nextDouble();
                double[] p = {p50, p50 * 1.2, p50 * 1.5, p50 * 3, p50 * 6, p50 * 12};
                double mean = p50 * 1.1;
                long requests = (long) (rps * 15);
                long timeouts = random.nextInt(3);
                if (r > 0) {
                    json.append(',');
                }
                json.append("{\"requests\":").append(requests).append(",\"requestsPerSecond\":").append(fmt(rps))
                        .append(",\"latencyMs\":{\"p50\":").append(fmt(p[0])).append(",\"p75\":").append(fmt(p[1]))
                        .append(",\"p90\":").append(fmt(p[2])).append(",\"p99\":").append(fmt(p[3]))
                        .append(",\"p999\":").append(fmt(p[4])).append(",\"max\":").append(fmt(p[5]))
                        .append(",\"mean\":").append(fmt(mean)).append("},\"errors\":{\"connect\":0,\"read\":0,")
                        .append("\"write\":0,\"timeout\":").append(timeouts).append(",\"status\":0}}");
                repeatRows.append(cellId).append('\t').append(r).append('\t').append(requests).append('\t')
                        .append(fmt(rps));
                for (double v : p) {
                    repeatRows.append('\t').append(fmt(v));
                }
                repeatRows.append('\t').append(fmt(mean)).append("\t0\t0\t0\t").append(timeouts).append("\t0\n");
            }
            json.append("]}");
        }
        json.append("]}");
        byte[] payload = json.toString().getBytes(StandardCharsets.UTF_8);
        return new GeneratedRun(id, Soak.envelope(PAYLOAD_TYPE, signer, keyid, payload), cellRows.toString(),
                repeatRows.toString(), cells * repeats);
    }

    static String fmt(double v) {
        return String.format(Locale.ROOT, "%.3f", v);
    }

    static Map<String, String> parse(String[] args) {
        Map<String, String> out = Soak.options(args, 0);
        if (!out.containsKey("key") || !out.containsKey("jdbc") || !out.containsKey("admin-token")) {
            throw new IllegalArgumentException("usage: IngestBench --url URL --admin-token T --jdbc JDBC_URL --key KEY_JSON"
                    + " [--runs N] [--warmup N] [--cells N] [--repeats N] [--clients N]");
        }
        return out;
    }
}
