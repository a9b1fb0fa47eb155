/*
 * The pushing side of ci/soak.sh: --agents agents, each with its own Ed25519 key enrolled through the admin API, push
 * --runs signed runs in all (split evenly), each run retried until the service answers 200 or 201 (connection refused,
 * 429, 502, 503 and 504 wait Retry-After, at most 2 s), while soak.sh kills and restarts the service. Then checks that exactly
 * --runs runs are stored, each once, and that every stored envelope is the bytes sent and its signature verifies.
 * Loopback only; bounded by --runs and --minutes.
 *
 *   java -cp 'target/quarkus-app/lib/main/*' backend/bench/Soak.java --url URL --admin-token T \
 *        --payload schema/testdata/payloads/valid/minimal.json [--agents 4] [--runs 1000] [--minutes 10]
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.PrivateKey;
import java.security.Signature;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

public class Soak {

    static final String PAYLOAD_TYPE = "application/vnd.podium.run.v1+json";
    static final ObjectMapper JSON = new ObjectMapper();
    static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = Soak.options(args, 0);
        String url = opt.get("url");
        byte[] template = Files.readAllBytes(Path.of(opt.get("payload")));
        int agents = Integer.parseInt(opt.getOrDefault("agents", "4"));
        int runs = Integer.parseInt(opt.getOrDefault("runs", "1000"));
        long deadline = System.nanoTime() + Long.parseLong(opt.getOrDefault("minutes", "10")) * 60_000_000_000L;

        Map<String, byte[]> sent = new ConcurrentHashMap<>();
        Map<String, KeyPair> keys = new ConcurrentHashMap<>();
        Map<String, AtomicInteger> answers = new ConcurrentHashMap<>();
        List<Thread> threads = new ArrayList<>();
        for (int a = 0; a < agents; a++) {
            KeyPair pair = KeyPairGenerator.getInstance("Ed25519").generateKeyPair();
            byte[] encoded = pair.getPublic().getEncoded();
            String publicKey = Base64.getEncoder().encodeToString(Arrays.copyOfRange(encoded, encoded.length - 32, encoded.length));
            String body = "{\"name\":\"soak-agent-" + a + "\",\"publicKey\":\"" + publicKey + "\"}";
            HttpResponse<String> enrolled = retry(url + "/api/agents", body.getBytes(StandardCharsets.UTF_8),
                    opt.get("admin-token"), deadline, answers);
            String keyid = JSON.readTree(enrolled.body()).get("keyid").asText();
            keys.put(keyid, pair);
            int share = runs / agents + (a < runs % agents ? 1 : 0);
            threads.add(Thread.ofVirtual().start(() -> {
                try {
                    for (int i = 0; i < share; i++) {
                        ObjectNode payload = (ObjectNode) JSON.readTree(template);
                        String runId = UUID.randomUUID().toString();
                        payload.put("runId", runId);
                        byte[] envelope = envelope(pair, keyid, JSON.writeValueAsBytes(payload));
                        retry(url + "/api/runs", envelope, null, deadline, answers);
                        sent.put(runId, envelope);
                    }
                } catch (Exception e) {
                    throw new IllegalStateException(e);
                }
            }));
        }
        for (Thread t : threads) {
            t.join();
        }

        long total = JSON.readTree(get(url + "/api/runs?size=1").body()).get("total").asLong();
        int missing = 0;
        int differ = 0;
        int verified = 0;
        for (Map.Entry<String, byte[]> run : sent.entrySet()) {
            HttpResponse<byte[]> stored = HTTP.send(HttpRequest.newBuilder(URI.create(url + "/api/runs/" + run.getKey()
                    + "/envelope")).GET().build(), HttpResponse.BodyHandlers.ofByteArray());
            if (stored.statusCode() != 200) {
                missing++;
            } else if (!Arrays.equals(stored.body(), run.getValue())) {
                differ++;
            } else if (verifies(stored.body(), keys)) {
                verified++;
            }
        }
        System.out.printf("soak: answers while pushing %s%n", new TreeMap<>(answers));
        System.out.printf("soak: %d runs pushed by %d agents, %d stored, %d missing, %d not byte-identical, %d verify%n",
                sent.size(), agents, total, missing, differ, verified);
        if (sent.size() != runs || total != runs || missing > 0 || differ > 0 || verified != runs) {
            System.exit(1);
        }
    }

    /** POSTs until 200/201, as an agent does: any other answer or no connection waits and tries again. */
    /** The "--name value" pairs of args from index from on, by name (without its dashes): every bench program's options. */
    static Map<String, String> options(String[] args, int from) {
        Map<String, String> opt = new TreeMap<>();
        for (int i = from; i + 1 < args.length; i += 2) {
            opt.put(args[i].replaceFirst("^--", ""), args[i + 1]);
        }
        return opt;
    }

    static HttpResponse<String> retry(String url, byte[] body, String admin, long deadline,
                                      Map<String, AtomicInteger> answers) throws Exception {
        while (System.nanoTime() < deadline) {
            long wait = 500;
            try {
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(30))
                        .header("Content-Type", "application/json").POST(HttpRequest.BodyPublishers.ofByteArray(body));
                if (admin != null) {
                    request.header("Authorization", "Bearer " + admin);
                }
                HttpResponse<String> answer = HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
                answers.computeIfAbsent(Integer.toString(answer.statusCode()), s -> new AtomicInteger()).incrementAndGet();
                if (answer.statusCode() == 200 || answer.statusCode() == 201) {
                    return answer;
                }
                // retried as the agent retries them: 429, 502, 503, 504 (a balancer whose replica went away mid-request)
                if (answer.statusCode() != 429 && (answer.statusCode() < 502 || answer.statusCode() > 504)) {
                    throw new IllegalStateException(url + " answered " + answer.statusCode() + ": " + answer.body());
                }
                wait = Math.min(2, answer.headers().firstValue("Retry-After").map(Long::parseLong).orElse(1L)) * 1000;
            } catch (java.io.IOException down) {
                answers.computeIfAbsent("no connection", s -> new AtomicInteger()).incrementAndGet();
            }
            Thread.sleep(wait);
        }
        throw new IllegalStateException("gave up on " + url + " at the deadline");
    }

    static HttpResponse<String> get(String url) throws Exception {
        return HTTP.send(HttpRequest.newBuilder(URI.create(url)).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    static byte[] envelope(KeyPair pair, String keyid, byte[] payload) throws Exception {
        return envelope(PAYLOAD_TYPE, pair.getPrivate(), keyid, payload);
    }

    /**
     * The DSSE envelope of a payload under payloadType, signed (Ed25519) by signer as keyid: what POST /api/runs takes.
     * The other benches sign with it too (Java's launcher compiles this file for them).
     */
    static byte[] envelope(String payloadType, PrivateKey signer, String keyid, byte[] payload) throws Exception {
        Signature signature = Signature.getInstance("Ed25519");
        signature.initSign(signer);
        signature.update(pae(payloadType, payload));
        return ("{\"payloadType\":\"" + payloadType + "\",\"payload\":\"" + Base64.getEncoder().encodeToString(payload)
                + "\",\"signatures\":[{\"keyid\":\"" + keyid + "\",\"sig\":\""
                + Base64.getEncoder().encodeToString(signature.sign()) + "\"}]}").getBytes(StandardCharsets.UTF_8);
    }

    static byte[] pae(String payloadType, byte[] payload) {
        byte[] head = ("DSSEv1 " + payloadType.length() + " " + payloadType + " " + payload.length + " ")
                .getBytes(StandardCharsets.UTF_8);
        byte[] out = Arrays.copyOf(head, head.length + payload.length);
        System.arraycopy(payload, 0, out, head.length, payload.length);
        return out;
    }

    /** The stored envelope's signature checked independently of the service, with the agent's public key. */
    static boolean verifies(byte[] envelope, Map<String, KeyPair> keys) throws Exception {
        JsonNode json = JSON.readTree(envelope);
        byte[] payload = Base64.getDecoder().decode(json.get("payload").asText());
        JsonNode signature = json.get("signatures").get(0);
        Signature verifier = Signature.getInstance("Ed25519");
        verifier.initVerify(keys.get(signature.get("keyid").asText()).getPublic());
        verifier.update(pae(PAYLOAD_TYPE, payload));
        return verifier.verify(Base64.getDecoder().decode(signature.get("sig").asText()));
    }
}
