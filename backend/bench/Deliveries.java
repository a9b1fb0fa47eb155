/*
 * The webhook side of ci/replicas.sh (phases storm and killed-after-201): change points found by two replicas on one
 * PostgreSQL, delivered to a receiver on loopback that counts every request by its webhook-id and checks its
 * signature, while a replica is SIGKILLed. Reuses Replicas.java and Soak.java (Java's launcher compiles the other
 * source files of this folder it needs). Each mode prints what it saw and exits 1 when a change point was not delivered
 * exactly once per webhook.
 *
 *   java -cp 'backend/target/quarkus-app/lib/main/*' backend/bench/Deliveries.java MODE --option value ...
 *
 * storm --url URL_A --admin-token T --payload P --db-url JDBC --db-user U --kill-pid PID [--series 20]
 *       [--webhooks 2] [--fail-first 3] [--within-s 240]
 *     a receiver that answers 503 to the first --fail-first tries of each webhook-id, --webhooks webhooks registered to
 *     it; one run per day of --series frameworks (9 days on one level, the 10th 15% lower: a change in every series)
 *     pushed to A; once every first try has failed (none delivered yet), A (process PID) is SIGKILLed. Then: each change
 *     point queued once per webhook and accepted by the receiver under exactly one webhook-id, every delivery
 *     "delivered"; the same webhook-id accepted again (a replica died after the receiver's 2xx, before recording it:
 *     at least once) is counted and printed, a receiver drops it by its id
 * killed-after-201 --url URL_A --other URL_B --admin-token T --payload P --db-url JDBC --db-user U --kill-pid PID
 *       [--within-s 120]
 *     9 runs of one framework on one level pushed to B and analysed; then the 10th, 15% lower (the run that completes the
 *     change), pushed to A, and A SIGKILLed as soon as it answers 201. While it is pushed the test holds a lock on
 *     change_points (SHARE ROW EXCLUSIVE: reads go on, writes wait), so A's detection cannot have stored the change
 *     before it dies, however fast it is; the lock goes with the kill. The change point must then be found by B's
 *     sweep (the run's detection claim runs out undone) and delivered within --within-s
 *
 * Over 400 lines on purpose: a script of two modes, each one procedure read from top to bottom beside the receiver
 * that counts what it delivers; what it shares with the other replica checks already lives in Replicas.java.
 */
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.UUID;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class Deliveries {

    public static void main(String[] args) throws Exception {
        Map<String, String> opt = Soak.options(args, 1);
        boolean ok = switch (args[0]) {
            case "storm" -> storm(opt);
            case "killed-after-201" -> killedAfter201(opt);
            default -> throw new IllegalArgumentException("unknown mode " + args[0]);
        };
        System.exit(ok ? 0 : 1);
    }

    /** One request the receiver got. */
    record Received(String webhookId, String path, int status, long changePointId, String framework) {}

    /**
     * A webhook receiver on loopback: answers 503 to the first failFirst requests of each webhook-id, 204 after; checks
     * each request's Standard Webhooks signature against the secret of its path (400 when it does not verify).
     */
    static final class Receiver implements AutoCloseable {
        final HttpServer server;
        final int failFirst;
        final Map<String, String> secrets = new ConcurrentHashMap<>(); // path -> signing secret
        final Map<String, AtomicInteger> tries = new ConcurrentHashMap<>(); // webhook-id -> requests
        final List<Received> received = java.util.Collections.synchronizedList(new ArrayList<>());
        final AtomicInteger badSignatures = new AtomicInteger();

        Receiver(int failFirst) throws Exception {
            this.failFirst = failFirst;
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
            server.setExecutor(Executors.newFixedThreadPool(8));
            server.createContext("/", exchange -> {
                byte[] body;
                try (InputStream in = exchange.getRequestBody()) {
                    body = in.readAllBytes();
                }
                String path = exchange.getRequestURI().getPath();
                String id = exchange.getRequestHeaders().getFirst("webhook-id");
                String timestamp = exchange.getRequestHeaders().getFirst("webhook-timestamp");
                String signature = exchange.getRequestHeaders().getFirst("webhook-signature");
                String secret = secrets.get(path);
                int status;
                long changePoint = -1;
                String framework = null;
                if (id == null || secret == null || signature == null || timestamp == null
                        || !signature.equals(sign(secret, id, timestamp, body))) {
                    badSignatures.incrementAndGet();
                    status = 400;
                } else {
                    JsonNode data = Soak.JSON.readTree(body).path("data");
                    changePoint = data.path("id").asLong(-1);
                    framework = data.path("framework").asText(null);
                    int n = tries.computeIfAbsent(id, k -> new AtomicInteger()).incrementAndGet();
                    status = n <= failFirst ? 503 : 204;
                }
                received.add(new Received(id, path, status, changePoint, framework));
                exchange.sendResponseHeaders(status, -1);
                exchange.close();
            });
            server.start();
        }

        String url(String path) {
            return "http://127.0.0.1:" + server.getAddress().getPort() + path;
        }

        List<Received> snapshot() {
            synchronized (received) {
                return new ArrayList<>(received);
            }
        }

        /** webhook-id -> how many times it was answered 2xx. */
        Map<String, Integer> accepted() {
            Map<String, Integer> out = new HashMap<>();
            snapshot().stream().filter(r -> r.status() == 204).forEach(r -> out.merge(r.webhookId(), 1, Integer::sum));
            return out;
        }

        @Override
        public void close() {
            server.stop(0);
        }
    }

    /** "v1," + base64 HMAC-SHA256 of "{id}.{timestamp}.{body}", keyed with the secret's base64 part (Standard Webhooks). */
    static String sign(String secret, String id, String timestamp, byte[] body) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(Base64.getDecoder().decode(secret.substring("whsec_".length())), "HmacSHA256"));
            mac.update((id + "." + timestamp + ".").getBytes(StandardCharsets.UTF_8));
            return "v1," + Base64.getEncoder().encodeToString(mac.doFinal(body));
        } catch (java.security.GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Registers a webhook for the receiver's path; returns the webhook's id. */
    static long register(String url, String adminToken, Receiver receiver, String path, long deadline) throws Exception {
        byte[] body = ("{\"url\":\"" + receiver.url(path) + "\"}").getBytes(StandardCharsets.UTF_8);
        HttpResponse<String> answer = Soak.retry(url + "/api/webhooks", body, adminToken, deadline, new ConcurrentHashMap<>());
        JsonNode hook = Soak.JSON.readTree(answer.body());
        receiver.secrets.put(path, hook.get("secret").asText());
        return hook.get("id").asLong();
    }

    /**
     * The day-th run (1-based, a day apart, the newest an hour ago) with one cell per framework, 5 repeats around level
     * requests/s: the shape of WebhookOutboxTest's series, 9 days on one level then one 15% lower make one change.
     */
    static ObjectNode run(byte[] template, List<String> frameworks, int day, double level) throws Exception {
        ObjectNode payload = (ObjectNode) Soak.JSON.readTree(template);
        payload.put("runId", UUID.randomUUID().toString());
        Instant started = Instant.now().truncatedTo(ChronoUnit.SECONDS).minus(11 - day, ChronoUnit.DAYS);
        payload.put("startedAt", started.toString());
        payload.put("finishedAt", started.plus(5, ChronoUnit.MINUTES).toString());
        ObjectNode cell = (ObjectNode) payload.get("results").get(0);
        ArrayNode results = payload.putArray("results");
        double[] spread = {1, 1.01, 0.99, 1.005, 0.995};
        for (String framework : frameworks) {
            ObjectNode c = cell.deepCopy();
            c.put("framework", framework);
            ObjectNode repeat = (ObjectNode) c.get("repeats").get(0);
            ArrayNode repeats = c.putArray("repeats");
            for (double s : spread) {
                ObjectNode r = repeat.deepCopy();
                r.put("requestsPerSecond", level * s);
                r.put("requests", Math.round(level * s * c.get("durationSeconds").asInt()));
                repeats.add(r);
            }
            results.add(c);
        }
        return payload;
    }

    static double level(int day) {
        return day == 10 ? 85_000 : 100_000 * (1 + 0.002 * (day % 3));
    }

    static long scalar(String dbUrl, String user, String sql, Object... values) throws SQLException {
        try (Connection c = DriverManager.getConnection(dbUrl, user, "");
                PreparedStatement ps = c.prepareStatement(sql)) {
            for (int i = 0; i < values.length; i++) {
                if (values[i] instanceof Object[] array) { // Long[] or UUID[]: = any (?)
                    ps.setArray(i + 1, c.createArrayOf(array instanceof UUID[] ? "uuid" : "bigint", array));
                } else {
                    ps.setObject(i + 1, values[i]);
                }
            }
            try (ResultSet rs = ps.executeQuery()) {
                rs.next();
                return rs.getLong(1);
            }
        }
    }

    static boolean waitFor(BooleanSupplier done, long deadline) throws InterruptedException {
        while (!done.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                return false;
            }
            Thread.sleep(100);
        }
        return true;
    }

    /** SIGKILL (ProcessHandle.destroyForcibly), then waits until the process is gone. */
    static void kill(long pid) throws Exception {
        ProcessHandle process = ProcessHandle.of(pid).orElseThrow(() -> new IllegalStateException("no process " + pid));
        process.destroyForcibly();
        process.onExit().get(30, TimeUnit.SECONDS);
    }

    /** Pushes one signed run, retried as the agent retries (429, 502-504, no connection); true on 201. */
    static boolean push(String url, Replicas.Agent agent, ObjectNode payload, long deadline) throws Exception {
        byte[] envelope = Soak.envelope(agent.pair(), agent.keyid(), Soak.JSON.writeValueAsBytes(payload));
        return Soak.retry(url + "/api/runs", envelope, null, deadline, new ConcurrentHashMap<>()).statusCode() == 201;
    }

    static boolean storm(Map<String, String> opt) throws Exception {
        String url = opt.get("url");
        String admin = opt.get("admin-token");
        String db = opt.get("db-url");
        String user = opt.get("db-user");
        int series = Integer.parseInt(opt.getOrDefault("series", "20"));
        int hooks = Integer.parseInt(opt.getOrDefault("webhooks", "2"));
        int failFirst = Integer.parseInt(opt.getOrDefault("fail-first", "3"));
        long deadline = System.nanoTime() + Long.parseLong(opt.getOrDefault("within-s", "240")) * 1_000_000_000L;
        byte[] template = Files.readAllBytes(Path.of(opt.get("payload")));
        String tag = UUID.randomUUID().toString().substring(0, 8);
        List<String> frameworks = new ArrayList<>();
        for (int i = 1; i <= series; i++) {
            frameworks.add("Storm-" + tag + "-" + i);
        }
        String like = "Storm-" + tag + "-%";
        try (Receiver receiver = new Receiver(failFirst)) {
            Map<String, Long> webhookOf = new TreeMap<>(); // path -> webhook id
            for (int h = 1; h <= hooks; h++) {
                webhookOf.put("/hook-" + h, register(url, admin, receiver, "/hook-" + h, deadline));
            }
            Replicas.Agent agent = Replicas.enrol(url, admin, "storm-agent-" + tag, deadline);
            for (int day = 1; day <= 10; day++) {
                if (!push(url, agent, run(template, frameworks, day, level(day)), deadline)) {
                    System.out.println("replicas: storm: run of day " + day + " not answered 201");
                    return false;
                }
            }
            long expected = (long) series * hooks;
            String queued = "select count(*) from webhook_deliveries d join change_points p on p.id = d.change_point_id"
                    + " where p.framework like ?";
            if (!waitFor(() -> uncheckedScalar(db, user, queued, like) >= expected, deadline)) {
                System.out.printf("replicas: storm: %d of %d deliveries queued%n", uncheckedScalar(db, user, queued, like),
                        expected);
                return false;
            }
            // mid-storm: every delivery's first try has failed, none can be delivered yet
            if (!waitFor(() -> receiver.tries.size() >= expected, deadline)) {
                System.out.printf("replicas: storm: the receiver saw %d of %d webhook-ids%n", receiver.tries.size(), expected);
                return false;
            }
            long pending = scalar(db, user, "select count(*) from webhook_deliveries where status = 'pending'"
                    + " and webhook_id = any (?)", (Object) webhookOf.values().toArray(new Long[0]));
            long claimed = scalar(db, user, "select count(*) from webhook_deliveries where status = 'pending'"
                    + " and claimed_until > now() and webhook_id = any (?)", (Object) webhookOf.values().toArray(new Long[0]));
            int triesBefore = receiver.snapshot().size();
            long killedAt = System.nanoTime();
            kill(Long.parseLong(opt.get("kill-pid")));
            System.out.printf("replicas: storm: %d change points, %d deliveries to %d webhooks; replica A SIGKILLed after %d"
                    + " tries, with %d deliveries pending (%d of them claimed by a replica)%n",
                    uncheckedScalar(db, user, "select count(*) from change_points where framework like ?", like), expected,
                    hooks, triesBefore, pending, claimed);
            String delivered = "select count(*) from webhook_deliveries where status = 'delivered' and webhook_id = any (?)";
            Object ids = webhookOf.values().toArray(new Long[0]);
            boolean all = waitFor(() -> uncheckedScalar(db, user, delivered, ids) >= expected, deadline);
            double seconds = (System.nanoTime() - killedAt) / 1e9;
            Thread.sleep(2000); // a late request (one sent just before its delivery was recorded) still counts

            // the database: one delivery per change point and webhook, every one delivered
            Map<String, String> webhookOfMessage = new HashMap<>(); // message id -> path
            Map<String, Long> changePointOfMessage = new HashMap<>();
            Set<String> perChangeAndHook = new HashSet<>();
            int twiceQueued = 0;
            int notDelivered = 0;
            try (Connection c = DriverManager.getConnection(db, user, "");
                    PreparedStatement ps = c.prepareStatement("select d.message_id, d.webhook_id, d.change_point_id, d.status"
                            + " from webhook_deliveries d join change_points p on p.id = d.change_point_id"
                            + " where p.framework like ?")) {
                ps.setString(1, like);
                try (ResultSet rs = ps.executeQuery()) {
                    while (rs.next()) {
                        long hook = rs.getLong(2);
                        String path = webhookOf.entrySet().stream().filter(e -> e.getValue() == hook)
                                .map(Map.Entry::getKey).findFirst().orElse("?");
                        webhookOfMessage.put(rs.getString(1), path);
                        changePointOfMessage.put(rs.getString(1), rs.getLong(3));
                        if (!perChangeAndHook.add(path + " " + rs.getLong(3))) {
                            twiceQueued++;
                        }
                        if (!"delivered".equals(rs.getString(4))) {
                            notDelivered++;
                        }
                    }
                }
            }
            // the receiver: each (webhook, change point) accepted under exactly one webhook-id, the one queued for it
            Map<String, Integer> accepted = receiver.accepted();
            Map<String, Set<String>> idsPerChange = new HashMap<>();
            int foreign = 0;
            for (Received r : receiver.snapshot()) {
                if (r.status() != 204) {
                    continue;
                }
                if (!r.path().equals(webhookOfMessage.get(r.webhookId()))
                        || r.changePointId() != changePointOfMessage.getOrDefault(r.webhookId(), -2L)) {
                    foreign++;
                }
                idsPerChange.computeIfAbsent(r.path() + " " + r.changePointId(), k -> new HashSet<>()).add(r.webhookId());
            }
            long missing = webhookOfMessage.keySet().stream().filter(id -> !accepted.containsKey(id)).count();
            long underTwoIds = idsPerChange.values().stream().filter(s -> s.size() > 1).count();
            long sameIdAgain = accepted.values().stream().filter(n -> n > 1).count();
            long fewTries = webhookOfMessage.keySet().stream()
                    .filter(id -> receiver.tries.getOrDefault(id, new AtomicInteger()).get() <= failFirst).count();
            System.out.printf("replicas: storm: %s delivered %.1f s after the kill; receiver: %d requests, %d webhook-ids"
                    + " accepted of %d queued (%d never), %d change points announced under two ids, %d accepted under an id"
                    + " or webhook not queued for them, %d ids accepted again under the same id (at least once; dropped by"
                    + " id), %d bad signatures; database: %d queued twice, %d not delivered, %d not tried %d+ times%n",
                    all ? "all" : "not all", seconds, receiver.snapshot().size(), accepted.size(), webhookOfMessage.size(),
                    missing, underTwoIds, foreign, sameIdAgain, receiver.badSignatures.get(), twiceQueued, notDelivered,
                    fewTries, failFirst + 1);
            return all && webhookOfMessage.size() == expected && missing == 0 && underTwoIds == 0 && foreign == 0
                    && twiceQueued == 0 && notDelivered == 0 && receiver.badSignatures.get() == 0 && fewTries == 0
                    && pending > 0;
        }
    }

    static boolean killedAfter201(Map<String, String> opt) throws Exception {
        String a = opt.get("url");
        String b = opt.get("other");
        String admin = opt.get("admin-token");
        String db = opt.get("db-url");
        String user = opt.get("db-user");
        long deadline = System.nanoTime() + Long.parseLong(opt.getOrDefault("within-s", "120")) * 1_000_000_000L;
        byte[] template = Files.readAllBytes(Path.of(opt.get("payload")));
        String framework = "Killed-" + UUID.randomUUID().toString().substring(0, 8);
        try (Receiver receiver = new Receiver(0)) {
            register(b, admin, receiver, "/killed", deadline);
            Replicas.Agent agent = Replicas.enrol(b, admin, "killed-agent-" + framework, deadline);
            List<String> before = new ArrayList<>();
            for (int day = 1; day <= 9; day++) {
                ObjectNode payload = run(template, List.of(framework), day, level(day));
                if (!push(b, agent, payload, deadline)) {
                    System.out.println("replicas: killed-after-201: run of day " + day + " not answered 201 by B");
                    return false;
                }
                before.add(payload.get("runId").asText());
            }
            Object beforeIds = before.stream().map(UUID::fromString).toArray(UUID[]::new);
            if (!waitFor(() -> uncheckedScalar(db, user, "select count(*) from run_detections where done_at is not null"
                    + " and run_id = any (?)", beforeIds) == before.size(), deadline)) {
                System.out.println("replicas: killed-after-201: the first 9 runs were not analysed in time");
                return false;
            }
            if (scalar(db, user, "select count(*) from change_points where framework = ?", framework) != 0) {
                System.out.println("replicas: killed-after-201: a change point before the run that completes the change");
                return false;
            }
            ObjectNode last = run(template, List.of(framework), 10, level(10));
            UUID lastId = UUID.fromString(last.get("runId").asText());
            boolean stored;
            long killedAt;
            try (Connection lock = DriverManager.getConnection(db, user, "")) {
                lock.setAutoCommit(false);
                try (PreparedStatement ps = lock.prepareStatement("lock table change_points in share row exclusive mode")) {
                    ps.execute();
                }
                stored = push(a, agent, last, deadline);
                kill(Long.parseLong(opt.get("kill-pid")));
                killedAt = System.nanoTime();
                lock.rollback();
            }
            if (!stored) {
                System.out.println("replicas: killed-after-201: A did not answer 201 to the run that completes the change");
                return false;
            }
            long claimedByA = scalar(db, user, "select count(*) from run_detections where run_id = ?", lastId);
            boolean delivered = waitFor(() -> receiver.accepted().size() > 0, deadline);
            double seconds = (System.nanoTime() - killedAt) / 1e9;
            Thread.sleep(1000);
            long changes = scalar(db, user, "select count(*) from change_points where framework = ? and run_after = ?",
                    framework, lastId);
            long done = scalar(db, user, "select count(*) from run_detections where done_at is not null and run_id = ?",
                    lastId);
            List<Received> accepted = receiver.snapshot().stream().filter(r -> r.status() == 204).toList();
            boolean right = accepted.size() == 1 && framework.equals(accepted.get(0).framework());
            System.out.printf("replicas: killed-after-201: A SIGKILLed on its 201 (its detection %s), the change point"
                    + " %s by the other replica (%d stored on the run, its detection %s) and %s %.1f s after the kill;"
                    + " the receiver accepted %d deliveries (%s), %d bad signatures%n",
                    claimedByA == 1 ? "claimed, not done" : "not yet claimed", changes == 1 ? "found" : "not found", changes,
                    done == 1 ? "done" : "not done", delivered ? "delivered" : "not delivered", seconds, accepted.size(),
                    accepted.stream().map(Received::framework).toList(), receiver.badSignatures.get());
            return delivered && changes == 1 && done == 1 && right && receiver.badSignatures.get() == 0;
        }
    }

    static long uncheckedScalar(String dbUrl, String user, String sql, Object... values) {
        try {
            return scalar(dbUrl, user, sql, values);
        } catch (SQLException e) {
            throw new IllegalStateException(e);
        }
    }
}
