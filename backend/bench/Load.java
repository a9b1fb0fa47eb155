/*
 * Load test of a running Podium service (loopback only, bounded by --seconds): --agents pushers, each with its own
 * Ed25519 key enrolled through the admin API, push freshly signed runs (honouring Retry-After on 429/503, as the agent
 * does), while --readers readers fetch the leaderboard and run pages. Prints the status counts, the 5xx count, runs
 * answered 201 vs stored, and read p50/p99; exits 1 on any 5xx or lost run. Reads its options and signs its runs as
 * Soak.java does (Java's launcher compiles that file too). Called by backend/bench/load.sh:
 *
 *   java -cp 'target/quarkus-app/lib/main/*' backend/bench/Load.java --url http://127.0.0.1:PORT --admin-token T \
 *        --payload schema/testdata/payloads/valid/minimal.json [--agents 20] [--readers 200] [--seconds 60]
 */
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
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
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;

public class Load {

    static final ObjectMapper JSON = new ObjectMapper();

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = Soak.options(args, 0);
        String url = opt.get("url");
        String admin = opt.get("admin-token");
        byte[] template = Files.readAllBytes(Path.of(opt.get("payload")));
        int agents = Integer.parseInt(opt.getOrDefault("agents", "20"));
        int readers = Integer.parseInt(opt.getOrDefault("readers", "200"));
        long seconds = Long.parseLong(opt.getOrDefault("seconds", "60"));
        HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

        List<Pusher> pushers = new ArrayList<>();
        for (int i = 0; i < agents; i++) {
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            byte[] encoded = pair.getPublic().getEncoded();
            String publicKey = Base64.getEncoder().encodeToString(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
            HttpResponse<String> enrolled = http.send(HttpRequest.newBuilder(URI.create(url + "/api/agents"))
                    .header("Authorization", "Bearer " + admin).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"name\":\"load-agent-" + i + "\",\"publicKey\":\"" + publicKey + "\"}"))
                    .build(), HttpResponse.BodyHandlers.ofString());
            if (enrolled.statusCode() != 201) {
                throw new IllegalStateException("enrolment answered " + enrolled.statusCode() + ": " + enrolled.body());
            }
            pushers.add(new Pusher(pair, JSON.readTree(enrolled.body()).get("keyid").asText()));
        }

        Map<String, AtomicInteger> statuses = new ConcurrentHashMap<>();
        Set<String> acknowledged = ConcurrentHashMap.newKeySet();
        ConcurrentLinkedQueue<Long> readNanos = new ConcurrentLinkedQueue<>();
        long end = System.nanoTime() + seconds * 1_000_000_000L;
        List<Thread> threads = new ArrayList<>();
        for (Pusher pusher : pushers) {
            threads.add(Thread.ofVirtual().start(() -> {
                while (System.nanoTime() < end) {
                    try {
                        String runId = UUID.randomUUID().toString();
                        ObjectNode payload = (ObjectNode) JSON.readTree(template);
                        payload.put("runId", runId);
                        HttpResponse<String> answer = http.send(HttpRequest.newBuilder(URI.create(url + "/api/runs"))
                                .timeout(Duration.ofSeconds(60)).header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofByteArray(pusher.envelope(JSON.writeValueAsBytes(payload))))
                                .build(), HttpResponse.BodyHandlers.ofString());
                        statuses.computeIfAbsent("push " + answer.statusCode(), s -> new AtomicInteger()).incrementAndGet();
                        if (answer.statusCode() == 201) {
                            acknowledged.add(runId);
                        } else if (answer.statusCode() == 429 || answer.statusCode() == 503) {
                            long wait = answer.headers().firstValue("Retry-After").map(Long::parseLong).orElse(1L);
                            Thread.sleep(Math.min(wait, 5) * 1000);
                        }
                    } catch (Exception e) {
                        statuses.computeIfAbsent("push error " + e.getClass().getSimpleName(), s -> new AtomicInteger()).incrementAndGet();
                    }
                }
            }));
        }
        for (int r = 0; r < readers; r++) {
            int reader = r;
            threads.add(Thread.ofVirtual().start(() -> {
                int n = 0;
                while (System.nanoTime() < end) {
                    String path = (n++ + reader) % 2 == 0 ? "/api/leaderboard?scenario=plaintext"
                            : acknowledged.isEmpty() ? "/api/runs" : "/api/runs/" + acknowledged.iterator().next();
                    try {
                        long start = System.nanoTime();
                        HttpResponse<Void> answer = http.send(HttpRequest.newBuilder(URI.create(url + path))
                                .timeout(Duration.ofSeconds(60)).GET().build(), HttpResponse.BodyHandlers.discarding());
                        readNanos.add(System.nanoTime() - start);
                        statuses.computeIfAbsent("read " + answer.statusCode(), s -> new AtomicInteger()).incrementAndGet();
                    } catch (Exception e) {
                        statuses.computeIfAbsent("read error " + e.getClass().getSimpleName(), s -> new AtomicInteger()).incrementAndGet();
                    }
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }

        int lost = 0;
        for (String id : acknowledged) {
            if (http.send(HttpRequest.newBuilder(URI.create(url + "/api/runs/" + id)).GET().build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode() != 200) {
                lost++;
            }
        }
        long stored = JSON.readTree(http.send(HttpRequest.newBuilder(URI.create(url + "/api/runs?size=1")).GET().build(),
                HttpResponse.BodyHandlers.ofString()).body()).get("total").asLong();
        long[] reads = readNanos.stream().mapToLong(Long::longValue).sorted().toArray();
        long fivexx = statuses.entrySet().stream().filter(e -> e.getKey().matches(".* 5\\d\\d"))
                .mapToLong(e -> e.getValue().get()).sum();
        long errors = statuses.entrySet().stream().filter(e -> e.getKey().contains("error"))
                .mapToLong(e -> e.getValue().get()).sum();
        System.out.printf("load: %d agents pushing, %d readers, %d s%n", agents, readers, seconds);
        System.out.printf("load: answers %s%n", new TreeMap<>(statuses));
        System.out.printf("load: 5xx %d, transport errors %d; runs answered 201 %d, stored %d, lost %d%n",
                fivexx, errors, acknowledged.size(), stored, lost);
        System.out.printf("load: reads %d (%.0f/s), p50 %.1f ms, p99 %.1f ms%n", reads.length,
                reads.length / (double) seconds, pct(reads, 0.50), pct(reads, 0.99));
        if (fivexx > 0 || lost > 0 || errors > 0 || stored != acknowledged.size()) {
            System.exit(1);
        }
    }

    static double pct(long[] sorted, double p) {
        return sorted.length == 0 ? 0 : sorted[(int) Math.min(sorted.length - 1, Math.floor(p * sorted.length))] / 1e6;
    }

    record Pusher(KeyPair pair, String keyid) {
        byte[] envelope(byte[] payload) throws Exception {
            return Soak.envelope(pair, keyid, payload);
        }
    }
}
