/*
 * The client side of ci/replicas.sh (two service replicas on one PostgreSQL, nginx in front, loopback only). Each
 * mode prints what it saw and exits 1 when the replicas did not behave as one service. Reuses Soak.java's signing,
 * retrying and verifying (Java's launcher compiles the other source files of this folder it needs).
 *
 *   java -cp 'backend/target/quarkus-app/lib/main/*' backend/bench/Replicas.java MODE --option value ...
 *
 * coherence --write URL_A --read URL_B --admin-token T --payload P --within-ms MS
 *     a run of a framework named for this check, pushed to A, must be on B's leaderboard within MS of its 201
 *     (B's board is read once before, so B holds a cached answer that the run makes stale)
 * flood-address --urls URL_A,URL_B --address IP --per-minute R [--seconds 20] [--senders 8]
 *     writes (POST /api/runs with an empty object: 400 when let through) alternately to A and B as fast as they
 *     answer: at most R + R * seconds / 60 (+1) get past the per-address limit, i.e. one bucket for both replicas
 * flood-key --urls URL_A,URL_B --address IP --admin-token T --payload P --per-minute R [--seconds 20] [--senders 8]
 *     runs signed by one enrolled key, alternately to A and B: at most R + R * seconds / 60 (+1) stored
 * (each flood's writes carry X-Forwarded-For: IP, as nginx sends them, so that each starts on a full address bucket)
 * traffic --url NGINX --admin-token T --payload P --agents 4 --readers 50 --stop-file F [--minutes 10]
 *     agents push signed runs (retrying as the agent does) and readers read the board, runs and frameworks through
 *     nginx until F exists; then: 0 failed reads, every run answered 201/200 stored once, byte-identical, verifying
 * migrate --db-url JDBC --db-user U --locations filesystem:schema/migrations --target VERSION
 *     Flyway (the service's own version, from its lib folder) brings a database up to VERSION only: a database some
 *     migrations behind the service, as before an upgrade
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

public class Replicas {

    record Agent(String keyid, KeyPair pair) {}

    /** HTTP/1.1, as agents and nginx speak to the service (no h2c upgrade on each new connection). */
    static final java.net.http.HttpClient HTTP11 = java.net.http.HttpClient.newBuilder()
            .version(java.net.http.HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(5)).build();

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = Soak.options(args, 1);
        boolean ok = switch (args[0]) {
            case "coherence" -> coherence(opt);
            case "flood-address" -> floodAddress(opt);
            case "flood-key" -> floodKey(opt);
            case "traffic" -> traffic(opt);
            case "migrate" -> migrate(opt);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        };
        System.exit(ok ? 0 : 1);
    }

    static long deadline(Map<String, String> opt) {
        return System.nanoTime() + Long.parseLong(opt.getOrDefault("minutes", "10")) * 60_000_000_000L;
    }

    static Agent enrol(String url, String adminToken, String name, long deadline) throws Exception {
        KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
        byte[] encoded = pair.getPublic().getEncoded();
        String publicKey = Base64.getEncoder().encodeToString(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
        String body = "{\"name\":\"" + name + "\",\"publicKey\":\"" + publicKey + "\"}";
        HttpResponse<String> enrolled = Soak.retry(url + "/api/agents", body.getBytes(StandardCharsets.UTF_8), adminToken,
                deadline, new ConcurrentHashMap<>());
        return new Agent(Soak.JSON.readTree(enrolled.body()).get("keyid").asText(), pair);
    }

    /** A fresh run of the template, with a new run id and, when framework is given, every result of that framework. */
    static ObjectNode run(byte[] template, String framework) throws Exception {
        ObjectNode payload = (ObjectNode) Soak.JSON.readTree(template);
        payload.put("runId", UUID.randomUUID().toString());
        if (framework != null) {
            for (JsonNode result : payload.get("results")) {
                ((ObjectNode) result).put("framework", framework);
            }
        }
        return payload;
    }

    static HttpResponse<String> post(String url, byte[] body) throws Exception {
        return post(url, body, null);
    }

    /** A POST as if nginx forwarded it for the client at address (the replicas read X-Forwarded-For, as deployed). */
    static HttpResponse<String> post(String url, byte[] body, String address) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (address != null) {
            request.header("X-Forwarded-For", address);
        }
        return HTTP11.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    static boolean coherence(Map<String, String> opt) throws Exception {
        String a = opt.get("write");
        String b = opt.get("read");
        long within = Long.parseLong(opt.getOrDefault("within-ms", "5000"));
        String board = b + "/api/leaderboard?scenario=plaintext";
        String framework = "Coherence-" + UUID.randomUUID().toString().substring(0, 8);
        Agent agent = enrol(a, opt.get("admin-token"), "coherence-agent", deadline(opt));
        if (Soak.get(board).statusCode() != 200) { // B now caches the board without the run
            System.out.println("replicas: B's leaderboard does not answer 200");
            return false;
        }
        byte[] envelope = Soak.envelope(agent.pair(), agent.keyid(),
                Soak.JSON.writeValueAsBytes(run(Files.readAllBytes(Path.of(opt.get("payload"))), framework)));
        HttpResponse<String> pushed = post(a + "/api/runs", envelope);
        long stored = System.nanoTime();
        if (pushed.statusCode() != 201) {
            System.out.println("replicas: A answered " + pushed.statusCode() + " to the run: " + pushed.body());
            return false;
        }
        while (System.nanoTime() - stored < 4 * within * 1_000_000L) {
            if (Soak.get(board).body().contains(framework)) {
                long ms = (System.nanoTime() - stored) / 1_000_000;
                System.out.printf("replicas: a run stored by A was on B's leaderboard %d ms after its 201 (bound %d ms)%n",
                        ms, within);
                return ms <= within;
            }
            Thread.sleep(50);
        }
        System.out.printf("replicas: a run stored by A was not on B's leaderboard %d ms after its 201%n", 4 * within);
        return false;
    }

    static boolean floodAddress(Map<String, String> opt) throws Exception {
        String[] urls = opt.get("urls").split(",");
        byte[] empty = "{}".getBytes(StandardCharsets.UTF_8);
        String address = opt.get("address");
        return flood("writes from " + address, opt, i -> post(urls[i % urls.length] + "/api/runs", empty, address));
    }

    static boolean floodKey(Map<String, String> opt) throws Exception {
        String[] urls = opt.get("urls").split(",");
        byte[] template = Files.readAllBytes(Path.of(opt.get("payload")));
        Agent agent = enrol(urls[0], opt.get("admin-token"), "flood-agent", deadline(opt));
        return flood("runs of one key", opt, i -> post(urls[i % urls.length] + "/api/runs",
                Soak.envelope(agent.pair(), agent.keyid(), Soak.JSON.writeValueAsBytes(run(template, null))),
                opt.get("address")));
    }

    interface Send {
        HttpResponse<String> send(int i) throws Exception;
    }

    /**
     * --senders clients send as fast as the replicas answer for --seconds. One bucket lets through at most its burst
     * plus its refill over the flood (R + R * seconds / 60); a bucket per replica would let through up to twice that,
     * so the flood is long and fast enough to pass that bound when the limit is not shared. Answers 429 for another
     * reason (the ingest slots: too-many-ingests) are neither let through nor refused by the limit.
     */
    static boolean flood(String what, Map<String, String> opt, Send send) throws Exception {
        double perMinute = Double.parseDouble(opt.get("per-minute"));
        long seconds = Long.parseLong(opt.getOrDefault("seconds", "20"));
        int senders = Integer.parseInt(opt.getOrDefault("senders", "8"));
        Map<String, AtomicInteger> answers = new ConcurrentHashMap<>();
        AtomicInteger next = new AtomicInteger();
        long t0 = System.nanoTime();
        long end = t0 + seconds * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (int s = 0; s < senders; s++) {
            threads.add(Thread.ofVirtual().start(() -> {
                while (System.nanoTime() < end) {
                    try {
                        HttpResponse<String> answer = send.send(next.getAndIncrement());
                        String kind = answer.statusCode() == 429 && answer.body().contains("too-many-ingests")
                                ? "429 ingest slots" : Integer.toString(answer.statusCode());
                        answers.computeIfAbsent(kind, k -> new AtomicInteger()).incrementAndGet();
                    } catch (Exception e) {
                        answers.computeIfAbsent("no answer", k -> new AtomicInteger()).incrementAndGet();
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }
        double took = (System.nanoTime() - t0) / 1e9;
        int refused = count(answers, "429");
        int passed = answers.entrySet().stream().filter(e -> e.getKey().matches("[1-4][0-9][0-9]") && !e.getKey().equals("429"))
                .mapToInt(e -> e.getValue().get()).sum();
        double bound = perMinute + perMinute * took / 60 + 1;
        System.out.printf("replicas: %s over both replicas for %.1f s, %d sent: %d let through (one bucket allows at most %.0f,"
                + " a bucket per replica %.0f), answers %s%n", what, took, next.get(), passed, bound, 2 * bound, new TreeMap<>(answers));
        // a write without an answer in 30 s (a saturated machine) is neither let through nor refused; a 5xx fails
        boolean failed = answers.keySet().stream().anyMatch(k -> k.startsWith("5"));
        return passed <= bound && refused > 0 && !failed;
    }

    static int count(Map<String, AtomicInteger> answers, String key) {
        AtomicInteger n = answers.get(key);
        return n == null ? 0 : n.get();
    }

    static boolean traffic(Map<String, String> opt) throws Exception {
        String url = opt.get("url");
        byte[] template = Files.readAllBytes(Path.of(opt.get("payload")));
        int agents = Integer.parseInt(opt.getOrDefault("agents", "4"));
        int readers = Integer.parseInt(opt.getOrDefault("readers", "50"));
        Path stop = Path.of(opt.get("stop-file"));
        long deadline = deadline(opt);
        long before = runsStored(url);
        long started = System.nanoTime();

        Map<String, byte[]> sent = new ConcurrentHashMap<>();
        Map<String, KeyPair> keys = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> writes = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> reads = new ConcurrentHashMap<>();
        ConcurrentLinkedQueue<String> failedReads = new ConcurrentLinkedQueue<>();
        AtomicLong readCount = new AtomicLong();
        ConcurrentLinkedQueue<String> agentErrors = new ConcurrentLinkedQueue<>();
        List<Thread> threads = new ArrayList<>();
        for (int a = 0; a < agents; a++) {
            Agent agent = enrol(url, opt.get("admin-token"), "replicas-agent-" + a, deadline);
            keys.put(agent.keyid(), agent.pair());
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    while (!Files.exists(stop)) {
                        ObjectNode payload = run(template, null);
                        byte[] envelope = Soak.envelope(agent.pair(), agent.keyid(), Soak.JSON.writeValueAsBytes(payload));
                        Soak.retry(url + "/api/runs", envelope, null, deadline, writes);
                        sent.put(payload.get("runId").asText(), envelope);
                    }
                } catch (Exception e) {
                    agentErrors.add(e.toString());
                }
            }));
        }
        if (opt.containsKey("started-file")) { // the restarts begin once every agent is enrolled and the readers read
            Thread.ofVirtual().start(() -> {
                try {
                    Thread.sleep(2000);
                    Files.writeString(Path.of(opt.get("started-file")), "");
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            });
        }
        List<String> paths = List.of("/api/leaderboard?scenario=plaintext", "/api/runs?size=20", "/api/frameworks");
        for (int r = 0; r < readers; r++) {
            int reader = r;
            threads.add(Thread.ofVirtual().start(() -> {
                int n = reader;
                while (!Files.exists(stop) && System.nanoTime() < deadline) {
                    String path = n++ % 4 < 3 || sent.isEmpty() ? paths.get(n % 3) : "/api/runs/" + sent.keySet().iterator().next();
                    long sentAt = System.nanoTime();
                    try {
                        int status = Soak.HTTP.send(HttpRequest.newBuilder(URI.create(url + path)).timeout(Duration.ofSeconds(30))
                                .GET().build(), HttpResponse.BodyHandlers.discarding()).statusCode();
                        reads.computeIfAbsent(Integer.toString(status), s -> new AtomicInteger()).incrementAndGet();
                        if (status != 200) {
                            failedReads.add(when(started, sentAt) + status + " " + path);
                        }
                    } catch (Exception e) {
                        reads.computeIfAbsent("no answer", s -> new AtomicInteger()).incrementAndGet();
                        failedReads.add(when(started, sentAt) + e + " " + path);
                    }
                    readCount.incrementAndGet();
                    try {
                        Thread.sleep(500); // 50 readers: about 100 reads a second, on a shared machine
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }

        long total = runsStored(url);
        int missing = 0;
        int differ = 0;
        int verified = 0;
        for (Map.Entry<String, byte[]> run : sent.entrySet()) {
            HttpResponse<byte[]> stored = Soak.HTTP.send(HttpRequest.newBuilder(URI.create(url + "/api/runs/" + run.getKey()
                    + "/envelope")).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            if (stored.statusCode() != 200) {
                missing++;
            } else if (!Arrays.equals(stored.body(), run.getValue())) {
                differ++;
            } else if (Soak.verifies(stored.body(), keys)) {
                verified++;
            }
        }
        System.out.printf("replicas: writes through nginx %s; reads %s%n", new TreeMap<>(writes), new TreeMap<>(reads));
        failedReads.stream().limit(20).forEach(f -> System.out.println("replicas: failed read: " + f));
        agentErrors.forEach(e -> System.out.println("replicas: an agent stopped pushing: " + e));
        System.out.printf("replicas: %d reads, %d failed; %d runs pushed by %d agents, %d new runs stored, %d missing,"
                + " %d not byte-identical, %d verify%n", readCount.get(), failedReads.size(), sent.size(), agents,
                total - before, missing, differ, verified);
        return failedReads.isEmpty() && agentErrors.isEmpty() && !sent.isEmpty() && total - before == sent.size() && missing == 0 && differ == 0
                && verified == sent.size();
    }

    /** When a failed read was sent (wall clock) and how long it took: to set beside the restarts and nginx's log. */
    static String when(long started, long sentAt) {
        return String.format("%s (+%.1f s, %d ms) ", java.time.LocalTime.now().minusNanos(System.nanoTime() - sentAt)
                .withNano(0), (sentAt - started) / 1e9, (System.nanoTime() - sentAt) / 1_000_000);
    }

    static boolean migrate(Map<String, String> opt) {
        var result = org.flywaydb.core.Flyway.configure()
                .dataSource(opt.get("db-url"), opt.get("db-user"), opt.getOrDefault("db-password", ""))
                .locations(opt.get("locations"))
                .target(opt.get("target"))
                .load()
                .migrate();
        System.out.printf("replicas: database migrated to version %s (%d migrations)%n", result.targetSchemaVersion,
                result.migrationsExecuted);
        return result.success;
    }

    /** The number of runs stored, read before and after the restarts (not one of the counted reads). */
    static long runsStored(String url) throws Exception {
        HttpResponse<String> answer = Soak.get(url + "/api/runs?size=1");
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("GET /api/runs answered " + answer.statusCode() + ": " + answer.body());
        }
        return Soak.JSON.readTree(answer.body()).get("total").asLong();
    }
}
