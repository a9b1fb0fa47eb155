package dev.podium.run;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.HostClass;
import dev.podium.companion.CpuSeconds;
import dev.podium.figure.FigureValues;
import dev.podium.jvmmode.JvmMode;
import dev.podium.payload.CellPayload;
import dev.podium.payload.CompanionServer;
import dev.podium.payload.DatabaseClient;
import dev.podium.payload.RepeatPayload;
import dev.podium.payload.RunPayload;
import dev.podium.rounds.JvmStarts;
import dev.podium.topology.Topology;
import dev.podium.warmup.TimeToPeak;
import dev.podium.warmup.WarmupWindows;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Turns a validated run payload, bound to its records, into the Run, Cell and Repeat entities that store it. */
final class RunMapper {

    private static final Pattern LEADING_NUMBER = Pattern.compile("^(\\d+)(?:\\.(\\d+))?");
    private static final String[] NO_STRINGS = new String[0];

    private RunMapper() {}

    static Run toRun(RunPayload p) {
        Run run = new Run();
        run.id = p.runId();
        run.schemaVersion = p.schemaVersion();
        run.startedAt = p.startedAt().toInstant();
        run.finishedAt = p.finishedAt().toInstant();
        run.agentVersion = p.agent().version();
        RunPayload.Suite suite = p.suite();
        run.suiteName = suite.name();
        run.suiteVersion = suite.version();
        run.suiteCommit = suite.commit();
        run.suiteProfile = suite.profile();
        RunPayload.LoadGenerator load = p.loadGenerator();
        run.loadGeneratorTool = load.tool();
        run.loadGeneratorVersion = load.version();
        run.openLoopTool = load.openLoopTool();
        run.openLoopVersion = load.openLoopVersion();
        RunPayload.Host host = p.host();
        run.hostHostname = host.hostname();
        run.hostCpuModel = host.cpuModel();
        run.hostVcpus = host.vcpus();
        run.hostMemoryBytes = host.memoryBytes();
        run.hostOs = host.os();
        run.hostKernel = host.kernel();
        run.hostArch = host.arch();
        run.hostVirtualization = host.virtualization();
        run.hostServerCpus = host.serverCpus();
        run.hostLoadGeneratorCpus = host.loadGeneratorCpus();
        run.hostSettings = host.settings();
        run.hostClass = hostClass(run.hostCpuModel, run.hostVcpus, run.hostMemoryBytes);
        RunPayload.Jvm jvm = p.jvm();
        run.jvmVendor = jvm.vendor();
        run.jvmVersion = jvm.version();
        run.jvmMajor = jvmMajor(run.jvmVersion);
        run.jvmVmName = jvm.vmName();
        run.jvmGc = jvm.gc();
        run.jvmFlags = strings(jvm.flags());
        run.part = RunPart.of(run.id, p.part());
        CompanionServer database = p.database();
        if (database != null) {
            run.databaseServer = database.server();
            run.databaseVersion = database.version();
            run.databaseCpus = database.cpus();
            run.databaseSettings = database.settings();
        }
        CompanionServer balancer = p.balancer();
        if (balancer != null) {
            run.balancerServer = balancer.server();
            run.balancerVersion = balancer.version();
            run.balancerCpus = balancer.cpus();
            run.balancerSettings = balancer.settings();
        }
        List<CellPayload> results = p.results();
        for (int i = 0; i < results.size(); i++) {
            run.cells.add(toCell(run, i, results.get(i)));
        }
        return run;
    }

    private static Cell toCell(Run run, int ordinal, CellPayload c) {
        Cell cell = new Cell();
        cell.run = run;
        cell.ordinal = ordinal;
        cell.framework = c.framework();
        cell.frameworkVersion = c.frameworkVersion();
        cell.ioModel = c.ioModel();
        cell.scenario = c.scenario();
        cell.loadModel = c.loadModel();
        cell.connections = c.connections();
        cell.targetRate = c.targetRate();
        cell.delayMs = c.delayMs();
        cell.vcpus = c.vcpus();
        cell.durationSeconds = c.durationSeconds();
        cell.warmupSeconds = c.warmupSeconds();
        cell.baseline = Boolean.TRUE.equals(c.baseline());
        cell.flags = strings(c.flags());
        cell.cpus = c.cpus();
        cell.classification = c.classification();
        cell.topology = Topology.of(c.topology());
        cell.warmup = c.warmup();
        cell.jvmMode = JvmMode.of(c.jvmMode());
        cell.jvmModeFlags = c.jvmModeFlags() == null ? null : strings(c.jvmModeFlags());
        CellPayload.AotTraining training = c.aotTraining();
        if (training != null) {
            cell.aotTrainingSeconds = training.seconds();
            cell.aotCacheBytes = training.cacheBytes();
            cell.aotProblem = training.problem();
        }
        CellPayload.Startup startup = c.startup();
        if (startup != null) {
            cell.startupFirstResponseMs = startup.firstResponseMs();
            cell.startupIdleRssBytes = startup.idleRssBytes();
        }
        DatabaseClient client = c.database();
        cell.dbClient = client == null ? null : client.client();
        cell.dbPool = client == null ? null : client.pool();
        CpuSeconds cpu = CpuSeconds.ofRepeats(c.repeats());
        if (cpu != null) {
            cell.targetCpuSeconds = cpu.target();
            cell.databaseCpuSeconds = cpu.database();
            cell.balancerCpuSeconds = cpu.balancer();
        }
        for (RepeatPayload r : c.repeats()) {
            cell.repeats.add(toRepeat(r));
        }
        JsonNode windows = c.warmupWindows();
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
        if (c.costLadder() != null && !c.costLadder().isNull()) {
            cell.costLadderJson = c.costLadder().toString();
            cell.achievedRate = c.achievedRate();
        }
        cell.starts = JvmStarts.of(
                c.starts(),
                cell.repeats.stream().mapToInt(r -> r.fork).toArray(),
                cell.repeats.stream().mapToDouble(r -> r.requestsPerSecond).toArray());
        cell.rawOutputGzip = c.rawOutput();
        return cell;
    }

    private static Repeat toRepeat(RepeatPayload r) {
        Repeat repeat = new Repeat();
        repeat.requests = r.requests();
        repeat.requestsPerSecond = r.requestsPerSecond();
        RepeatPayload.Latency latency = r.latencyMs();
        repeat.p50Ms = latency.p50();
        repeat.p75Ms = latency.p75();
        repeat.p90Ms = latency.p90();
        repeat.p99Ms = latency.p99();
        repeat.p999Ms = latency.p999();
        repeat.maxMs = latency.max();
        repeat.meanMs = latency.mean();
        RepeatPayload.Errors errors = r.errors();
        repeat.errorsConnect = errors.connect();
        repeat.errorsRead = errors.read();
        repeat.errorsWrite = errors.write();
        repeat.errorsTimeout = errors.timeout();
        repeat.errorsStatus = errors.status();
        repeat.fork = r.fork() == null ? 0 : r.fork();
        repeat.figures = FigureValues.of(r);
        RepeatPayload.Usage usage = r.usage();
        if (usage != null) {
            repeat.wallSeconds = usage.wallSeconds();
            repeat.targetCpuUserSeconds = usage.targetCpuUserSeconds();
            repeat.targetCpuSystemSeconds = usage.targetCpuSystemSeconds();
            repeat.targetRssMeanBytes = usage.targetRssMeanBytes();
            repeat.targetRssPeakBytes = usage.targetRssPeakBytes();
            repeat.generatorCpuSeconds = usage.generatorCpuSeconds();
            repeat.usageSamples = usage.samples();
            repeat.balancerCpuUserSeconds = usage.balancerCpuUserSeconds();
            repeat.balancerCpuSystemSeconds = usage.balancerCpuSystemSeconds();
            repeat.databaseCpuUserSeconds = usage.databaseCpuUserSeconds();
            repeat.databaseCpuSystemSeconds = usage.databaseCpuSystemSeconds();
        }
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

    private static String[] strings(List<String> values) {
        return values == null || values.isEmpty() ? NO_STRINGS : values.toArray(NO_STRINGS);
    }
}
