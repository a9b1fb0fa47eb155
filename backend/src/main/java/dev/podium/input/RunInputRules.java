package dev.podium.input;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.common.Problem.FieldError;
import dev.podium.common.ProblemException;
import java.time.Duration;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * The run payload's input rules beyond the schema (schema/README.md, "Rules the service checks"): numbers that fit
 * the statistics, plausible measurements, timestamps within a window around the time of receipt, names that
 * cannot spoof the board.
 */
public final class RunInputRules {

    /** No run of the suite predates this (virtual threads, one of its I/O models, shipped in JDK 21, 2023). */
    public static final Instant EARLIEST = Instant.parse("2024-01-01T00:00:00Z");
    /** How far an agent's clock may run ahead of the service's. */
    public static final Duration CLOCK_SKEW = Duration.ofMinutes(5);
    /** 2^53: every integer up to it is exact as a double, and sums and squares of them stay finite. */
    public static final double MAX_MAGNITUDE = 9007199254740992d;

    public static final double MAX_REQUESTS_PER_SECOND = 1e9;
    public static final double MAX_LATENCY_MS = 86_400_000d;
    public static final double MAX_SECONDS = 86_400d;
    private static final int MAX_ERRORS = 50;

    private RunInputRules() {}

    /** Refuses (422, naming each field) a payload that already passed the schema but breaks one of these rules. */
    public static void check(JsonNode run, Instant receivedAt) {
        List<FieldError> errors = new ArrayList<>();
        numbers(run, new ArrayDeque<>(), errors);
        TextRules.check(run, errors, MAX_ERRORS);
        timestamps(run, receivedAt, errors);
        plausible(run, errors);
        if (!errors.isEmpty()) {
            throw ProblemException.invalid("Invalid run", errors);
        }
    }

    // integers beyond 64 bits would wrap when stored; beyond 2^53 the derived statistics could overflow to Infinity
    private static void numbers(JsonNode node, ArrayDeque<Object> path, List<FieldError> errors) {
        if (errors.size() >= MAX_ERRORS) {
            return;
        }
        if (node.isNumber()) {
            if (node.isIntegralNumber() && !node.canConvertToLong()) {
                errors.add(new FieldError(Paths.of(path), "must fit in 64 bits, got " + node.asText()));
            } else if (Math.abs(node.doubleValue()) > MAX_MAGNITUDE) {
                errors.add(new FieldError(
                        Paths.of(path), "must be at most 2^53 (9007199254740992) in magnitude, got " + node.asText()));
            }
        } else if (node.isContainerNode()) {
            if (node.isObject()) {
                for (Iterator<Map.Entry<String, JsonNode>> it = node.fields(); it.hasNext(); ) {
                    Map.Entry<String, JsonNode> entry = it.next();
                    path.addLast(entry.getKey());
                    numbers(entry.getValue(), path, errors);
                    path.removeLast();
                }
            } else {
                for (int i = 0; i < node.size(); i++) {
                    path.addLast(i);
                    numbers(node.get(i), path, errors);
                    path.removeLast();
                }
            }
        }
    }

    /** The run's startedAt and finishedAt, and each JVM start's startedAt (results[].starts[]), within the window. */
    private static void timestamps(JsonNode run, Instant receivedAt, List<FieldError> errors) {
        Instant latest = receivedAt.plus(CLOCK_SKEW);
        for (String field : new String[] {"startedAt", "finishedAt"}) {
            within(field, run.path(field), receivedAt, latest, errors);
        }
        JsonNode results = run.path("results");
        for (int c = 0; c < results.size() && errors.size() < MAX_ERRORS; c++) {
            JsonNode starts = results.get(c).path("starts");
            for (int i = 0; i < starts.size() && errors.size() < MAX_ERRORS; i++) {
                String field = "results[" + c + "].starts[" + i + "].startedAt";
                within(field, starts.get(i).path("startedAt"), receivedAt, latest, errors);
            }
        }
    }

    private static void within(
            String field, JsonNode value, Instant receivedAt, Instant latest, List<FieldError> errors) {
        Instant at;
        try {
            at = OffsetDateTime.parse(value.asText()).toInstant();
        } catch (DateTimeParseException e) {
            return; // the validator names a malformed date-time
        }
        if (at.isBefore(EARLIEST)) {
            errors.add(new FieldError(field, "must not be before " + EARLIEST + ", got " + at));
        } else if (at.isAfter(latest)) {
            errors.add(new FieldError(
                    field,
                    "must not be after the time of receipt (" + receivedAt + ") plus " + CLOCK_SKEW.toMinutes()
                            + " minutes, got " + at));
        }
    }

    private static void plausible(JsonNode run, List<FieldError> errors) {
        JsonNode results = run.path("results");
        for (int c = 0; c < results.size() && errors.size() < MAX_ERRORS; c++) {
            JsonNode cell = results.get(c);
            String at = "results[" + c + "]";
            atMost(cell, "durationSeconds", MAX_SECONDS, at, errors);
            atMost(cell, "warmupSeconds", MAX_SECONDS, at, errors);
            atMost(cell, "targetRate", MAX_REQUESTS_PER_SECOND, at, errors);
            JsonNode repeats = cell.path("repeats");
            for (int r = 0; r < repeats.size() && errors.size() < MAX_ERRORS; r++) {
                JsonNode repeat = repeats.get(r);
                String rat = at + ".repeats[" + r + "]";
                atMost(repeat, "requestsPerSecond", MAX_REQUESTS_PER_SECOND, rat, errors);
                JsonNode latency = repeat.path("latencyMs");
                for (Iterator<String> it = latency.fieldNames(); it.hasNext(); ) {
                    atMost(latency, it.next(), MAX_LATENCY_MS, rat + ".latencyMs", errors);
                }
            }
        }
    }

    private static void atMost(JsonNode parent, String name, double max, String at, List<FieldError> errors) {
        JsonNode value = parent.get(name);
        if (value != null && value.isNumber() && value.doubleValue() > max) {
            errors.add(new FieldError(at + "." + name, "must be at most " + max + ", got " + value.asText()));
        }
    }
}
