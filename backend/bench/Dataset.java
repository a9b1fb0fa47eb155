/*
 * The benchmarks' one data set generator (issue 44): years of nightly boards at the shape the agent records them,
 * reproducible from a seed, stored by the service itself. Every run is a signed v2 envelope POSTed to a running
 * service, so the rows are written by its own writer (RunWriter: the run row, then CellCopy's COPY of the cells, the
 * repeats and the JVM starts, with the statistics the service derives) and change detection runs on them as on any run.
 *
 * What it models, from agent/suite/suite.json: each night, on each host class (HOSTS: 2 to 16 CPUs, AMD, Intel and
 * arm64; the targets get half the CPUs, so a host measures the profile's vCPU counts up to that half) and each JVM
 * (JVMS), one `nightly` run: every target at every nightly scenario it has, 256 connections, three JVM starts (forks)
 * measured in three interleaved rounds (each start's round, its place in the round's order drawn afresh, and its start
 * time recorded), two repeats a start, two open-loop cost cells a target at 1 vCPU, and the nginx baseline. Every
 * FULL_EVERY nights a host class and JVM also measure the `full` profile as SHARDS shards (each a run with the
 * baseline): every scenario at every connection count, two starts of five repeats. Figures: a capacity per target
 * and scenario, scaled by vCPUs, host and JVM, with noise between starts and between repeats, latencies from the
 * rate (Little's law); about one series in PLANTED (target, scenario, vCPUs, host class, JVM) steps by 8-20% up or
 * down on a night drawn from the seed: the change points the service should find.
 *
 * SCALE (repeat rows: 1M, 10.1M, 100M) picks the number of nights, counted back from --end (fixed, so the same
 * seed gives the same bytes on any day). Idempotent per run: a run's id and bytes follow from the seed, so a run sent
 * again answers 200 and is stored once; with --jdbc the runs already stored are skipped (resume after Ctrl-C).
 *
 *   java -cp 'target/quarkus-app/app/*:target/quarkus-app/lib/main/*' backend/bench/Dataset.java --url URL
 *        --admin-token T --key schema/testdata/keys/test-agent.json --suite agent/suite/suite.json --scale 10.1M
 *        [--jdbc URL --user U --password P] [--seed 1] [--clients 2] [--end 2026-11-27] [--dry-run] [--hold-newest]
 *
 * --hold-newest leaves the newest night out; the same command without it (and with --jdbc) then sends only that night,
 * and prints what each of its runs took to ingest into the years before it. It signs its envelopes as Soak.java does
 * (Java's launcher compiles that file too).
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
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
import java.sql.ResultSet;
import java.sql.Statement;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.LongSummaryStatistics;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

public class Dataset {

    static final String PAYLOAD_TYPE = "application/vnd.podium.run.v2+json";
    /** hostname, CPU model, CPUs, memory GiB, arch, speed (plaintext req/s of one vCPU, relative). */
    static final Object[][] HOSTS = {
            {"bench-2a", "AMD EPYC 7B13", 2, 8, "amd64", 1.00}, {"bench-4i", "Intel(R) Xeon(R) Platinum 8375C CPU @ 2.90GHz", 4, 16, "amd64", 0.92},
            {"bench-8a", "AMD EPYC 9R14", 8, 32, "amd64", 1.25}, {"bench-8g", "Neoverse-V1", 8, 32, "arm64", 0.95},
            {"bench-16a", "AMD EPYC 9R14", 16, 64, "amd64", 1.25}, {"bench-16i", "Intel(R) Xeon(R) Platinum 8488C", 16, 64, "amd64", 1.10}};
    /** vendor, version, speed. */
    static final Object[][] JVMS = {{"Eclipse Adoptium", "21.0.9+10", 0.96}, {"Eclipse Adoptium", "25.0.1+8", 1.0},
            {"Amazon Corretto", "25.0.1.8.1", 1.0}};
    static final int FULL_EVERY = 3;
    static final int SHARDS = 8;
    static final int PLANTED = 10;
    static final Map<String, Double> SCENARIO = Map.of("plaintext", 1.0, "json", 0.8, "proxy", 0.3, "delay", 0.02,
            "db", 0.12, "queries", 0.05, "updates", 0.03, "fortunes", 0.09);

    final JsonNode suite;
    final long seed;
    final Instant end;
    final int nights;

    Dataset(JsonNode suite, long seed, Instant end, int nights) {
        this.suite = suite;
        this.seed = seed;
        this.end = end;
        this.nights = nights;
    }

    /** One run to send: the night, its id, and how many repeat rows it holds. */
    record Planned(int night, int host, int jvm, String profile, int shard) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> a = new HashMap<>();
        for (int i = 0; i < args.length; i++) {
            if (args[i].equals("--dry-run") || args[i].equals("--hold-newest")) {
                a.put(args[i].substring(2), "1");
            } else {
                a.put(args[i].substring(2), args[++i]);
            }
        }
        long target = rows(a.getOrDefault("scale", "10.1M"));
        long seed = Long.parseLong(a.getOrDefault("seed", "1"));
        Instant end = LocalDate.parse(a.getOrDefault("end", "2026-11-27")).atTime(1, 0).toInstant(ZoneOffset.UTC);
        JsonNode suite = new ObjectMapper().readTree(Files.readString(Path.of(a.getOrDefault("suite", "agent/suite/suite.json"))));
        // nights: the fewest whose runs hold SCALE repeat rows (whole nights, so a little more)
        Dataset probe = new Dataset(suite, seed, end, 1);
        List<Planned> plan = new ArrayList<>();
        long planned = 0;
        int nights = 0;
        Map<String, long[]> byProfile = new java.util.TreeMap<>(); // rows, runs, fewest, most
        while (planned < target) {
            for (Planned p : probe.night(nights)) {
                plan.add(p);
                long n = probe.repeats(p);
                planned += n;
                long[] t = byProfile.computeIfAbsent(p.profile(), k -> new long[] {0, 0, Long.MAX_VALUE, 0});
                t[0] += n;
                t[1]++;
                t[2] = Math.min(t[2], n);
                t[3] = Math.max(t[3], n);
            }
            nights++;
        }
        Dataset d = new Dataset(suite, seed, end, nights);
        Instant first = d.nightStart(0);
        if (first.isBefore(Instant.parse("2024-01-01T00:00:00Z"))) {
            throw new IllegalArgumentException(nights + " nights before " + end + " start before 2024-01-01, which the"
                    + " service refuses: lower SCALE or move --end");
        }
        System.out.printf(Locale.ROOT, "dataset: SCALE %s = %,d repeat rows in %,d runs over %d nights (%s to %s), seed %d%n",
                a.getOrDefault("scale", "10.1M"), planned, plan.size(), nights, first.toString().substring(0, 10),
                end.toString().substring(0, 10), seed);
        byProfile.forEach((profile, t) -> System.out.printf(Locale.ROOT, "dataset: %s: %,d runs, %,d repeat rows (%.0f%%),"
                + " %,d to %,d a run%n", profile, t[1], t[0], 100.0 * t[0] / total(byProfile), t[2], t[3]));
        if (a.containsKey("dry-run")) {
            return;
        }
        if (a.containsKey("hold-newest")) { // sent by a later run without the flag: one nightly run's ingest, timed
            int newest = nights - 1;
            planned -= plan.stream().filter(p -> p.night() == newest).mapToLong(probe::repeats).sum();
            plan.removeIf(p -> p.night() == newest);
            System.out.printf(Locale.ROOT, "dataset: holding back the newest night: %,d repeat rows in %,d runs now%n",
                    planned, plan.size());
        }
        final long total = planned;
        Set<UUID> stored = new HashSet<>();
        if (a.containsKey("jdbc")) {
            try (Connection c = DriverManager.getConnection(a.get("jdbc"), a.getOrDefault("user", "postgres"),
                    a.getOrDefault("password", "postgres")); Statement s = c.createStatement();
                 ResultSet rs = s.executeQuery("select id from runs")) {
                while (rs.next()) {
                    stored.add((UUID) rs.getObject(1));
                }
            }
        }
        JsonNode key = new ObjectMapper().readTree(Files.readString(Path.of(a.get("key"))));
        PrivateKey signer = KeyFactory.getInstance("Ed25519").generatePrivate(new EdECPrivateKeySpec(
                NamedParameterSpec.ED25519, Base64.getDecoder().decode(key.get("seed").asText())));
        String url = a.getOrDefault("url", "http://127.0.0.1:18080");
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
        HttpResponse<String> enrolled = http.send(HttpRequest.newBuilder(URI.create(url + "/api/agents"))
                .header("Authorization", "Bearer " + a.get("admin-token")).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"dataset\",\"publicKey\":\""
                        + key.get("publicKey").asText() + "\"}")).build(), HttpResponse.BodyHandlers.ofString());
        if (enrolled.statusCode() != 201 && enrolled.statusCode() != 409) {
            throw new IllegalStateException("enrolment answered " + enrolled.statusCode() + ": " + enrolled.body());
        }
        List<long[]> lastNight = java.util.Collections.synchronizedList(new ArrayList<>()); // {ms, repeat rows}
        AtomicLong done = new AtomicLong();
        AtomicLong skipped = new AtomicLong();
        long started = System.nanoTime();
        long[] lastPrint = {started};
        int clients = Integer.parseInt(a.getOrDefault("clients", "2"));
        try (ExecutorService pool = Executors.newFixedThreadPool(clients)) {
            List<Future<?>> queue = new ArrayList<>();
            for (Planned p : plan) {
                queue.add(pool.submit(() -> {
                    String json = d.payload(p);
                    if (stored.contains(d.runId(p))) {
                        skipped.addAndGet(d.repeats(p));
                    } else {
                        long posted = System.nanoTime();
                        byte[] payload = json.getBytes(StandardCharsets.UTF_8);
                        post(http, url, Soak.envelope(PAYLOAD_TYPE, signer, key.get("keyid").asText(), payload), d.runId(p));
                        if (p.night() == d.nights - 1) { // the newest night: ingested into all the others
                            lastNight.add(new long[] {(System.nanoTime() - posted) / 1_000_000, d.repeats(p)});
                        }
                    }
                    long rows = done.addAndGet(d.repeats(p));
                    synchronized (lastPrint) {
                        long now = System.nanoTime();
                        if (now - lastPrint[0] > 10e9 || rows == total) {
                            lastPrint[0] = now;
                            double s = (now - started) / 1e9;
                            double rate = (rows - skipped.get()) / s;
                            System.out.printf(Locale.ROOT, "dataset: %,d of %,d repeat rows (%.1f%%, %,d already stored),"
                                    + " %,.0f rows/s, ETA %s%n", rows, total, 100.0 * rows / total, skipped.get(),
                                    rate, rate > 0 ? Duration.ofSeconds((long) ((total - rows) / rate)) : "?");
                        }
                    }
                    return null;
                }));
            }
            for (Future<?> f : queue) {
                f.get();
            }
        }
        double s = (System.nanoTime() - started) / 1e9;
        System.out.printf(Locale.ROOT, "dataset: stored %,d repeat rows (%,d were already) in %.0f s: %,.0f rows/s%n",
                planned - skipped.get(), skipped.get(), s, (planned - skipped.get()) / s);
        if (!lastNight.isEmpty()) { // what a nightly run costs to ingest once the years before it are stored
            long[] ms = lastNight.stream().mapToLong(x -> x[0]).sorted().toArray();
            LongSummaryStatistics rows = lastNight.stream().mapToLong(x -> x[1]).summaryStatistics();
            System.out.printf(Locale.ROOT, "dataset: the newest night's %d runs (%,d to %,d repeat rows each, posted %d at"
                            + " a time) took %d ms (median), %d ms (90th percentile) and %d ms (longest) each to ingest;"
                            + " the first posted took %d ms (the service's first ingest since its start, when it is)%n",
                    ms.length, rows.getMin(), rows.getMax(), clients, ms[ms.length / 2], ms[ms.length * 9 / 10],
                    ms[ms.length - 1], lastNight.getFirst()[0]);
        }
    }

    static long total(Map<String, long[]> byProfile) {
        return byProfile.values().stream().mapToLong(t -> t[0]).sum();
    }

    static long rows(String scale) {
        String s = scale.trim().toUpperCase(Locale.ROOT);
        double m = s.endsWith("M") ? 1e6 : s.endsWith("K") ? 1e3 : 1;
        return Math.round(Double.parseDouble(s.replaceAll("[MK]$", "")) * m);
    }

    Instant nightStart(int night) {
        return end.minus(Duration.ofDays(nights - 1 - night));
    }

    /** The runs of one night: nightly on every host class and JVM, full as shards on the ones whose turn it is. */
    List<Planned> night(int night) {
        List<Planned> out = new ArrayList<>();
        for (int h = 0; h < HOSTS.length; h++) {
            for (int j = 0; j < JVMS.length; j++) {
                out.add(new Planned(night, h, j, "nightly", 0));
                if ((night + h * 3 + j) % FULL_EVERY == 0) {
                    for (int s = 1; s <= SHARDS; s++) {
                        out.add(new Planned(night, h, j, "full", s));
                    }
                }
            }
        }
        return out;
    }

    UUID runId(Planned p) {
        return UUID.nameUUIDFromBytes(("podium-dataset:" + seed + ":" + p.night() + ":" + p.host() + ":" + p.jvm() + ":"
                + p.profile() + ":" + p.shard()).getBytes(StandardCharsets.UTF_8));
    }

    List<JsonNode> targets(Planned p) {
        List<JsonNode> all = new ArrayList<>();
        suite.get("targets").forEach(all::add);
        if (p.shard() == 0) {
            return all;
        }
        List<JsonNode> shard = new ArrayList<>();
        for (int i = p.shard() - 1; i < all.size(); i += SHARDS) {
            shard.add(all.get(i));
        }
        return shard;
    }

    List<Integer> vcpus(Planned p) {
        List<Integer> out = new ArrayList<>();
        int half = (Integer) HOSTS[p.host()][2] / 2;
        suite.get("profiles").get(p.profile()).get("vcpus").forEach(v -> {
            if (v.intValue() <= half) {
                out.add(v.intValue());
            }
        });
        return out;
    }

    List<Integer> connections(JsonNode profile, String scenario) {
        JsonNode c = scenario.equals("plaintext") && profile.has("plaintextConnections")
                ? profile.get("plaintextConnections") : profile.get("connections");
        List<Integer> out = new ArrayList<>();
        c.forEach(v -> out.add(v.intValue()));
        return out;
    }

    long repeats(Planned p) {
        JsonNode profile = suite.get("profiles").get(p.profile());
        int perCell = profile.get("forks").intValue() * profile.get("repeats").intValue();
        long rows = 0;
        for (int v : vcpus(p)) {
            rows += (long) perCell; // the baseline, plaintext at its connections
            for (JsonNode t : targets(p)) {
                for (JsonNode sc : profile.get("scenarios")) {
                    if (has(t, sc.textValue())) {
                        rows += (long) perCell * connections(profile, sc.textValue()).size();
                    }
                }
                if (v == 1) {
                    rows += (long) profile.get("cost").get("rungs").intValue() * profile.get("cost").get("repeats").intValue();
                }
            }
        }
        return rows;
    }

    static boolean has(JsonNode target, String scenario) {
        for (JsonNode s : target.get("scenarios")) {
            if (s.textValue().equals(scenario)) {
                return true;
            }
        }
        return false;
    }

    /** The run's JSON as the agent writes it (schema v2). Deterministic: the seed and the run's coordinates. */
    String payload(Planned p) {
        JsonNode profile = suite.get("profiles").get(p.profile());
        Object[] host = HOSTS[p.host()];
        Object[] jvm = JVMS[p.jvm()];
        SplittableRandom random = new SplittableRandom(runId(p).getLeastSignificantBits());
        Instant start = nightStart(p.night()).plusSeconds(p.shard() * 600L); // shards run on hosts of the class at once
        int forks = profile.get("forks").intValue();
        int repeatsPerFork = profile.get("repeats").intValue();
        double duration = profile.get("durationSeconds").doubleValue();
        List<JsonNode> targets = targets(p);
        // the interleaved rounds: round r gives every target one start, in an order drawn afresh
        int[][] order = new int[forks][targets.size()];
        for (int r = 0; r < forks; r++) {
            int[] perm = new int[targets.size()];
            for (int i = 0; i < perm.length; i++) {
                perm[i] = i;
            }
            for (int i = perm.length - 1; i > 0; i--) {
                int k = random.nextInt(i + 1);
                int x = perm[i];
                perm[i] = perm[k];
                perm[k] = x;
            }
            for (int i = 0; i < perm.length; i++) {
                order[r][perm[i]] = i;
            }
        }
        double hostNight = (Double) host[5] * (Double) jvm[2] * (1 + 0.01 * random.nextGaussian());
        StringBuilder j = new StringBuilder(1 << 16);
        j.append("{\"schemaVersion\":2,\"runId\":\"").append(runId(p)).append("\",\"startedAt\":\"").append(start)
                .append("\",\"finishedAt\":\"").append(start.plusSeconds(5 * 3600)).append("\",\"agent\":{\"version\":\"0.2.0\"},")
                .append("\"suite\":{\"name\":\"podium-standard\",\"version\":\"").append(suite.get("version").textValue())
                .append("\",\"commit\":\"").append(String.format("%040x", 1 + p.night() / 14)).append("\",\"profile\":\"")
                .append(p.profile()).append("\"},\"loadGenerator\":{\"tool\":\"wrk\",\"version\":\"4.2.0\"},")
                .append("\"host\":{\"hostname\":\"").append(host[0]).append("\",\"cpuModel\":\"").append(host[1])
                .append("\",\"vcpus\":").append(host[2]).append(",\"memoryBytes\":").append((Integer) host[3] * 1073741824L)
                .append(",\"os\":\"Debian GNU/Linux 13 (trixie)\",\"kernel\":\"6.12.48+deb13-").append(host[4])
                .append("\",\"arch\":\"").append(host[4]).append("\",\"virtualization\":\"kvm\",\"settings\":{}},")
                .append("\"jvm\":{\"vendor\":\"").append(jvm[0]).append("\",\"version\":\"").append(jvm[1])
                .append("\",\"vmName\":\"OpenJDK 64-Bit Server VM\",\"gc\":\"G1\",\"flags\":[\"-Xms512m\",\"-Xmx512m\"]},\"results\":[");
        boolean firstCell = true;
        JsonNode base = suite.get("baseline");
        for (int v : vcpus(p)) {
            for (int ti = -1; ti < targets.size(); ti++) {
                JsonNode t = ti < 0 ? base : targets.get(ti);
                for (JsonNode scNode : profile.get("scenarios")) {
                    String sc = scNode.textValue();
                    if (!has(t, sc)) {
                        continue;
                    }
                    for (int conn : ti < 0 ? List.of(connections(profile, sc).getLast()) : connections(profile, sc)) {
                        double capacity = capacity(t, sc, v, p, ti < 0) * hostNight;
                        j.append(firstCell ? "" : ",");
                        firstCell = false;
                        cell(j, t, sc, "closed", conn, null, v, duration, ti < 0);
                        if (ti >= 0) {
                            j.append(",\"warmupSeconds\":").append(t.path("settlesSeconds").asInt(30)).append(",\"warmup\":\"full\",\"starts\":[");
                            for (int f = 0; f < forks; f++) {
                                j.append(f > 0 ? "," : "").append("{\"fork\":").append(f).append(",\"round\":").append(f)
                                        .append(",\"startedAt\":\"").append(start.plusSeconds(60 + f * 3600L / forks + order[f][ti] * 60L))
                                        .append("\",\"order\":").append(order[f][ti]).append('}');
                            }
                            j.append(']');
                        }
                        j.append(",\"repeats\":[");
                        for (int f = 0; f < forks; f++) {
                            double forkRps = capacity * Math.min(1, conn / 64.0 + 0.5) * (1 + 0.03 * random.nextGaussian());
                            for (int r = 0; r < repeatsPerFork; r++) {
                                repeat(j, f * repeatsPerFork + r > 0, ti < 0 ? -1 : f,
                                        forkRps * (1 + 0.015 * random.nextGaussian()), conn, sc, duration, random);
                            }
                        }
                        j.append("]}");
                    }
                }
                JsonNode cost = profile.get("cost");
                if (ti >= 0 && v == 1) { // the cost cells: open loop at fixed rates below the capacity
                    int rungs = cost.get("rungs").intValue();
                    double capacity = capacity(t, "plaintext", 1, p, false) * hostNight;
                    for (int k = 1; k <= rungs; k++) {
                        double rate = Math.floor(capacity * 0.1 * k / 100) * 100 + 100;
                        j.append(',');
                        cell(j, t, "plaintext", "open", 64, rate, 1, cost.get("durationSeconds").doubleValue(), false);
                        j.append(",\"costLadder\":{\"rates\":[").append(rate).append("],\"capacityRequestsPerSecond\":")
                                .append(Math.round(capacity)).append(",\"share\":").append(0.1 * k).append("},\"achievedRate\":")
                                .append(rate).append(",\"repeats\":[");
                        for (int r = 0; r < cost.get("repeats").intValue(); r++) {
                            repeat(j, r > 0, -1, rate * (1 + 0.002 * random.nextGaussian()), 64, "plaintext",
                                    cost.get("durationSeconds").doubleValue(), random);
                        }
                        j.append("]}");
                    }
                }
            }
        }
        return j.append("]}").toString();
    }

    /** A series' requests/s: the target's own level, the scenario, the vCPUs, and a step if one is planted here. */
    double capacity(JsonNode t, String scenario, int vcpus, Planned p, boolean baseline) {
        String name = t.path("name").asText("nginx");
        SplittableRandom series = new SplittableRandom(seed * 31 + (name + "/" + scenario).hashCode());
        double level = baseline ? 260_000 : 60_000 + 120_000 * series.nextDouble();
        double value = level * SCENARIO.get(scenario) * Math.pow(vcpus, 0.9);
        SplittableRandom planted = new SplittableRandom(seed * 17 + (name + "/" + scenario + "/" + vcpus + "/" + p.host()
                + "/" + p.jvm()).hashCode());
        if (!baseline && planted.nextInt(PLANTED) == 0) {
            int night = planted.nextInt(Math.max(1, nights));
            double step = (planted.nextBoolean() ? 1 : -1) * (0.08 + 0.12 * planted.nextDouble());
            if (p.night() >= night) {
                value *= 1 + step;
            }
        }
        return value;
    }

    static void cell(StringBuilder j, JsonNode t, String sc, String loadModel, int conn, Double rate, int vcpus,
                     double duration, boolean baseline) {
        j.append("{\"framework\":\"").append(t.get("framework").textValue()).append("\",\"frameworkVersion\":\"")
                .append(t.get("frameworkVersion").textValue()).append("\",\"ioModel\":\"").append(t.get("ioModel").textValue())
                .append("\",\"classification\":\"").append(t.get("classification").textValue())
                .append("\",\"scenario\":\"").append(sc).append("\",\"loadModel\":\"").append(loadModel)
                .append("\",\"connections\":").append(conn).append(",\"vcpus\":").append(vcpus)
                .append(",\"durationSeconds\":").append(duration);
        if (rate != null) {
            j.append(",\"targetRate\":").append(rate);
        }
        if (sc.equals("delay")) {
            j.append(",\"delayMs\":100");
        }
        if (baseline) {
            j.append(",\"baseline\":true");
        }
    }

    static void repeat(StringBuilder j, boolean comma, int fork, double rps, int conn, String sc, double duration,
                       SplittableRandom random) {
        rps = Math.max(rps, 50);
        double p50 = (sc.equals("delay") ? 100 : 0) + conn * 1000.0 / rps * (0.8 + 0.1 * random.nextDouble());
        long requests = Math.round(rps * duration);
        j.append(comma ? "," : "").append('{');
        if (fork >= 0) {
            j.append("\"fork\":").append(fork).append(',');
        }
        j.append(String.format(Locale.ROOT, "\"requests\":%d,\"requestsPerSecond\":%.1f,\"latencyMs\":{\"p50\":%.3f,"
                        + "\"p75\":%.3f,\"p90\":%.3f,\"p99\":%.3f,\"p999\":%.3f,\"max\":%.3f,\"mean\":%.3f},\"errors\":"
                        + "{\"connect\":0,\"read\":0,\"write\":0,\"timeout\":0,\"status\":0},\"usage\":{\"wallSeconds\":%.2f,"
                        + "\"targetCpuUserSeconds\":%.2f,\"targetCpuSystemSeconds\":%.2f,\"targetRssMeanBytes\":%d,"
                        + "\"targetRssPeakBytes\":%d,\"generatorCpuSeconds\":%.2f}}",
                requests, rps, p50, p50 * 1.3, p50 * 1.8, p50 * 4, p50 * 8, p50 * 15, p50 * 1.1, duration + 0.02,
                duration * 0.62, duration * 0.31, 180_000_000 + random.nextInt(40_000_000), 230_000_000, duration * 0.9));
    }

    static void post(HttpClient http, String url, byte[] envelope, UUID id) throws Exception {
        for (int attempt = 0; ; attempt++) {
            HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(url + "/api/runs"))
                    .header("Content-Type", "application/json").timeout(Duration.ofSeconds(300))
                    .POST(HttpRequest.BodyPublishers.ofByteArray(envelope)).build(), HttpResponse.BodyHandlers.ofString());
            if (answer.statusCode() == 201 || answer.statusCode() == 200) {
                return;
            }
            if ((answer.statusCode() == 429 || answer.statusCode() == 503) && attempt < 100) {
                Thread.sleep(500);
                continue;
            }
            throw new IllegalStateException("run " + id + " answered " + answer.statusCode() + ": " + answer.body());
        }
    }
}
