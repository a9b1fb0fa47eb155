package dev.podium.payload;

import com.fasterxml.jackson.databind.JsonNode;
import java.time.OffsetDateTime;
import java.util.List;

/** One cell of a run payload (results[]): a framework target at one load, and its repeats. */
public record CellPayload(
        String framework,
        String frameworkVersion,
        String ioModel,
        String scenario,
        String loadModel,
        int connections,
        Double targetRate,
        Integer delayMs,
        int vcpus,
        double durationSeconds,
        Double warmupSeconds,
        String warmup,
        Boolean baseline,
        String classification,
        List<String> flags,
        List<RepeatPayload> repeats,
        Startup startup,
        String cpus,
        DatabaseClient database,
        String topology,
        String jvmMode,
        List<String> jvmModeFlags,
        AotTraining aotTraining,
        JsonNode warmupWindows,
        byte[] rawOutput,
        JsonNode costLadder,
        Double achievedRate,
        List<Start> starts) {

    public record Startup(double firstResponseMs, long idleRssBytes) {}

    public record AotTraining(double seconds, Long cacheBytes, String problem) {}

    /** A JVM start of the cell's target: which round it was in and where in the round's order. */
    public record Start(int fork, int round, OffsetDateTime startedAt, int order) {}
}
