package dev.podium.run;

import com.fasterxml.jackson.core.type.TypeReference;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.common.HostClass;
import dev.podium.companion.CompanionServer;
import dev.podium.companion.CpuSeconds;
import dev.podium.companion.DatabaseClient;
import dev.podium.figure.FigureValues;
import dev.podium.rounds.JvmStarts;
import dev.podium.warmup.TimeToPeak;
import dev.podium.warmup.WarmupWindows;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.Base64;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a validated run payload into the Run, Cell and Repeat entities that store it. */
final class RunMapper {

    private static final Pattern LEADING_NUMBER = Pattern.compile("^(\\d+)(?:\\.(\\d+))?");
    private static final String[] NO_STRINGS = new String[0];
    private static final ObjectMapper SETTINGS = new ObjectMapper();
    private static final TypeReference<Map<String, Object>> SETTINGS_TYPE = new TypeReference<>() {};

    private RunMapper() {}

    static Run toRun(JsonNode p) {
        Run run = new Run();
        run.id = UUID.fromString(p.get("runId").textValue());
        run.schemaVersion = p.get("schemaVersion").intValue();
        run.startedAt = instant(p.get("startedAt"));
        run.finishedAt = instant(p.get("finishedAt"));
        run.agentVersion = p.get("agent").get("version").textValue();
        JsonNode suite = p.get("suite");
        run.suiteName = suite.get("name").textValue();
        run.suiteVersion = suite.get("version").textValue();
        run.suiteCommit = suite.get("commit").textValue();
        run.suiteProfile = text(suite, "profile");
        JsonNode load = p.get("loadGenerator");
        run.loadGeneratorTool = load.get("tool").textValue();
        run.loadGeneratorVersion = load.get("version").textValue();
        run.openLoopTool = text(load, "openLoopTool");
        run.openLoopVersion = text(load, "openLoopVersion");
        JsonNode host = p.get("host");
        run.hostHostname = host.get("hostname").textValue();
        run.hostCpuModel = host.get("cpuModel").textValue();
        run.hostVcpus = host.get("vcpus").intValue();
        run.hostMemoryBytes = host.get("memoryBytes").longValue();
        run.hostOs = host.get("os").textValue();
        run.hostKernel = host.get("kernel").textValue();
        run.hostArch = host.get("arch").textValue();
        run.hostVirtualization = host.get("virtualization").textValue();
        run.hostServerCpus = text(host, "serverCpus");
        run.hostLoadGeneratorCpus = text(host, "loadGeneratorCpus");
        run.hostSettings =
                host.hasNonNull("settings") ? SETTINGS.convertValue(host.get("settings"), SETTINGS_TYPE) : null;
        run.hostClass = hostClass(run.hostCpuModel, run.hostVcpus, run.hostMemoryBytes);
        JsonNode jvm = p.get("jvm");
        run.jvmVendor = jvm.get("vendor").textValue();
        run.jvmVersion = jvm.get("version").textValue();
        run.jvmMajor = jvmMajor(run.jvmVersion);
        run.jvmVmName = jvm.get("vmName").textValue();
        run.jvmGc = jvm.get("gc").textValue();
        run.jvmFlags = strings(jvm.get("flags"));
        run.part = RunPart.of(run.id, p);
        CompanionServer database = CompanionServer.of(p.get("database"));
        if (database != null) {
            run.databaseServer = database.server();
            run.databaseVersion = database.version();
            run.databaseCpus = database.cpus();
            run.databaseSettings = database.settings();
        }
        CompanionServer balancer = CompanionServer.of(p.get("balancer"));
        if (balancer != null) {
            run.balancerServer = balancer.server();
            run.balancerVersion = balancer.version();
            run.balancerCpus = balancer.cpus();
            run.balancerSettings = balancer.settings();
        }
        JsonNode results = p.get("results");
        for (int i = 0; i < results.size(); i++) {
            run.cells.add(toCell(run, i, results.get(i)));
        }
        return run;
    }

    private static Cell toCell(Run run, int ordinal, JsonNode c) {
        Cell cell = new Cell();
        cell.run = run;
        cell.ordinal = ordinal;
        cell.framework = c.get("framework").textValue();
        cell.frameworkVersion = c.get("frameworkVersion").textValue();
        cell.ioModel = c.get("ioModel").textValue();
        cell.scenario = c.get("scenario").textValue();
        cell.loadModel = c.get("loadModel").textValue();
        cell.connections = c.get("connections").intValue();
        cell.targetRate = c.hasNonNull("targetRate") ? c.get("targetRate").doubleValue() : null;
        cell.delayMs = c.hasNonNull("delayMs") ? c.get("delayMs").intValue() : null;
        cell.vcpus = c.get("vcpus").intValue();
        cell.durationSeconds = c.get("durationSeconds").doubleValue();
        cell.warmupSeconds =
                c.hasNonNull("warmupSeconds") ? c.get("warmupSeconds").doubleValue() : null;
        cell.baseline = c.path("baseline").asBoolean(false);
        cell.flags = strings(c.get("flags"));
        cell.cpus = text(c, "cpus");
        cell.classification = text(c, "classification");
        cell.topology = dev.podium.topology.Topology.of(text(c, "topology"));
        cell.warmup = text(c, "warmup");
        cell.jvmMode = dev.podium.jvmmode.JvmMode.of(text(c, "jvmMode"));
        cell.jvmModeFlags = c.has("jvmModeFlags") ? strings(c.get("jvmModeFlags")) : null;
        JsonNode training = c.get("aotTraining");
        if (training != null && training.isObject()) {
            cell.aotTrainingSeconds = training.get("seconds").doubleValue();
            cell.aotCacheBytes = training.hasNonNull("cacheBytes")
                    ? training.get("cacheBytes").longValue()
                    : null;
            cell.aotProblem = text(training, "problem");
        }
        JsonNode startup = c.get("startup");
        if (startup != null && startup.isObject()) {
            cell.startupFirstResponseMs = startup.get("firstResponseMs").doubleValue();
            cell.startupIdleRssBytes = startup.get("idleRssBytes").longValue();
        }
        DatabaseClient client = DatabaseClient.of(c);
        cell.dbClient = client == null ? null : client.client();
        cell.dbPool = client == null ? null : client.pool();
        JsonNode repeats = c.get("repeats");
        CpuSeconds cpu = CpuSeconds.ofRepeats(repeats);
        if (cpu != null) {
            cell.targetCpuSeconds = cpu.target();
            cell.databaseCpuSeconds = cpu.database();
            cell.balancerCpuSeconds = cpu.balancer();
        }
        for (int r = 0; r < repeats.size(); r++) {
            cell.repeats.add(toRepeat(repeats.get(r)));
        }
        JsonNode windows = c.get("warmupWindows");
        if (windows != null && windows.isArray()) {
            cell.warmupWindowsJson = windows.toString();
            cell.timeToPeakSeconds = TimeToPeak.seconds(
                    WarmupWindows.of(windows),
                    cell.warmup,
                    cell.loadModel,
                    cell.repeats.stream()
                            .map(r -> new TimeToPeak.Measured(r.fork, r.wallSeconds, r.requestsPerSecond))
                            .toList(),
                    cell.durationSeconds);
        }
        if (c.hasNonNull("costLadder")) {
            cell.costLadderJson = c.get("costLadder").toString();
            cell.achievedRate = c.get("achievedRate").doubleValue();
        }
        cell.starts = JvmStarts.of(
                c.get("starts"),
                cell.repeats.stream().mapToInt(r -> r.fork).toArray(),
                cell.repeats.stream().mapToDouble(r -> r.requestsPerSecond).toArray());
        if (c.hasNonNull("rawOutput")) {
            cell.rawOutputGzip = Base64.getDecoder().decode(c.get("rawOutput").textValue());
        }
        return cell;
    }

    private static Repeat toRepeat(JsonNode r) {
        Repeat repeat = new Repeat();
        repeat.requests = r.get("requests").longValue();
        repeat.requestsPerSecond = r.get("requestsPerSecond").doubleValue();
        JsonNode latency = r.get("latencyMs");
        repeat.p50Ms = latency.get("p50").doubleValue();
        repeat.p75Ms = latency.get("p75").doubleValue();
        repeat.p90Ms = latency.get("p90").doubleValue();
        repeat.p99Ms = latency.get("p99").doubleValue();
        repeat.p999Ms = latency.get("p999").doubleValue();
        repeat.maxMs = latency.get("max").doubleValue();
        repeat.meanMs = latency.get("mean").doubleValue();
        JsonNode errors = r.get("errors");
        repeat.errorsConnect = errors.get("connect").longValue();
        repeat.errorsRead = errors.get("read").longValue();
        repeat.errorsWrite = errors.get("write").longValue();
        repeat.errorsTimeout = errors.get("timeout").longValue();
        repeat.errorsStatus = errors.get("status").longValue();
        repeat.fork = r.path("fork").asInt(0);
        repeat.figures = FigureValues.of(r);
        JsonNode usage = r.get("usage");
        if (usage != null && usage.isObject()) {
            repeat.wallSeconds = usage.get("wallSeconds").doubleValue();
            repeat.targetCpuUserSeconds = usage.get("targetCpuUserSeconds").doubleValue();
            repeat.targetCpuSystemSeconds = usage.get("targetCpuSystemSeconds").doubleValue();
            repeat.targetRssMeanBytes = usage.get("targetRssMeanBytes").longValue();
            repeat.targetRssPeakBytes = usage.get("targetRssPeakBytes").longValue();
            repeat.generatorCpuSeconds = usage.get("generatorCpuSeconds").doubleValue();
            repeat.usageSamples =
                    usage.hasNonNull("samples") ? usage.get("samples").intValue() : null;
            repeat.balancerCpuUserSeconds = usage.hasNonNull("balancerCpuUserSeconds")
                    ? usage.get("balancerCpuUserSeconds").doubleValue()
                    : null;
            repeat.balancerCpuSystemSeconds = usage.hasNonNull("balancerCpuSystemSeconds")
                    ? usage.get("balancerCpuSystemSeconds").doubleValue()
                    : null;
        }
        repeat.databaseCpuUserSeconds = CpuSeconds.field(r, "databaseCpuUserSeconds");
        repeat.databaseCpuSystemSeconds = CpuSeconds.field(r, "databaseCpuSystemSeconds");
        return repeat;
    }

    /** read-api.md: "<cpuModel> · <vcpus> vCPU · <memory GiB rounded> GiB". */
    static String hostClass(String cpuModel, int vcpus, long memoryBytes) {
        return HostClass.of(cpuModel, vcpus, memoryBytes);
    }

    /** The feature release of a java.version string: "21.0.5+11" is 21, "1.8.0_402" is 8; 0 when unreadable. */
    static int jvmMajor(String version) {
        Matcher m = LEADING_NUMBER.matcher(version.trim());
        if (!m.find()) {
            return 0;
        }
        int first = Integer.parseInt(m.group(1));
        return first == 1 && m.group(2) != null ? Integer.parseInt(m.group(2)) : first;
    }

    private static Instant instant(JsonNode node) {
        return OffsetDateTime.parse(node.textValue()).toInstant();
    }

    private static String text(JsonNode parent, String name) {
        JsonNode node = parent.get(name);
        return node == null || node.isNull() ? null : node.textValue();
    }

    private static String[] strings(JsonNode array) {
        if (array == null || !array.isArray() || array.isEmpty()) {
            return NO_STRINGS;
        }
        String[] out = new String[array.size()];
        for (int i = 0; i < out.length; i++) {
            out[i] = array.get(i).textValue();
        }
        return out;
    }
}
