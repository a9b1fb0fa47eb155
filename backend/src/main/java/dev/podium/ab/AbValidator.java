package dev.podium.ab;

import com.fasterxml.jackson.databind.JsonNode;
import com.networknt.schema.JsonSchema;
import dev.podium.common.Problem.FieldError;
import dev.podium.common.ProblemException;
import dev.podium.input.RunPayloadValidator;
import dev.podium.input.StrictJson;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;

/**
 * Checks an A/B comparison's payload: strict JSON, then schema/ab.v1.schema.json, then what a schema cannot say (the
 * ratio inside its interval, a figure's rounds and pairs agreeing with the comparison's rounds, finishedAt after
 * startedAt). Every refusal is a 400 naming the field.
 */
@ApplicationScoped
public class AbValidator {

    static final String SCHEMA_RESOURCE = "schema/ab.v1.schema.json";

    private final JsonSchema schema = RunPayloadValidator.load(SCHEMA_RESOURCE);

    /** The comparison as a tree once it passes every check. */
    public JsonNode validate(byte[] payload) {
        JsonNode report;
        try {
            report = StrictJson.read(payload, false);
        } catch (StrictJson.Refused e) {
            String field = e.field() == null ? "payload" : e.field();
            throw ProblemException.badRequest("malformed-payload", "the payload is refused: " + e.getMessage(), field);
        }
        if (report == null || !report.isObject()) {
            throw ProblemException.badRequest("malformed-payload", "the payload must be a JSON object", "payload");
        }
        List<FieldError> errors = RunPayloadValidator.schemaErrors(schema, report);
        nul(report, "", errors);
        if (errors.isEmpty()) {
            rules(report, errors);
        }
        if (!errors.isEmpty()) {
            throw refused(errors);
        }
        return report;
    }

    /** A NUL in a string, which PostgreSQL's jsonb cannot hold (and no setting needs). */
    private static void nul(JsonNode node, String at, List<FieldError> errors) {
        if (node.isTextual() && node.textValue().indexOf('\0') >= 0) {
            errors.add(new FieldError(at.isEmpty() ? "payload" : at, "must not hold a NUL character"));
        } else if (node.isObject()) {
            node.properties()
                    .forEach(e -> nul(e.getValue(), at.isEmpty() ? e.getKey() : at + "." + e.getKey(), errors));
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                nul(node.get(i), at + "[" + i + "]", errors);
            }
        }
    }

    private static void rules(JsonNode report, List<FieldError> errors) {
        if (OffsetDateTime.parse(report.get("finishedAt").textValue())
                .isBefore(OffsetDateTime.parse(report.get("startedAt").textValue()))) {
            errors.add(new FieldError("finishedAt", "must not be earlier than startedAt"));
        }
        int rounds = report.get("rounds").intValue();
        JsonNode cells = report.get("cells");
        for (int c = 0; c < cells.size(); c++) {
            JsonNode figures = cells.get(c).get("figures");
            for (int f = 0; f < figures.size(); f++) {
                String at = "cells[" + c + "].figures[" + f + "].";
                JsonNode figure = figures.get(f);
                double ratio = figure.get("ratio").doubleValue();
                if (figure.has("low")
                        && (figure.get("low").doubleValue() > ratio
                                || figure.get("high").doubleValue() < ratio)) {
                    errors.add(new FieldError(at + "ratio", "must lie within low and high, got " + ratio));
                }
                int figureRounds = figure.get("rounds").intValue();
                if (figureRounds > rounds) {
                    errors.add(new FieldError(
                            at + "rounds",
                            "must not exceed the comparison's " + rounds + " rounds, got " + figureRounds));
                }
                if (figure.get("pairs").size() != figureRounds) {
                    errors.add(new FieldError(
                            at + "pairs",
                            "must hold one pair per round (" + figureRounds + "), got "
                                    + figure.get("pairs").size()));
                }
                if (figureRounds < 2 && figure.has("low")) {
                    errors.add(new FieldError(at + "low", "one round has no interval"));
                }
            }
        }
    }

    /** 400 naming every offending field; the first one is the problem's field. */
    private static ProblemException refused(List<FieldError> errors) {
        FieldError first = errors.getFirst();
        String detail = first.field() + ": " + first.message()
                + (errors.size() == 1 ? "" : " (and " + (errors.size() - 1) + " more)");
        return new ProblemException(
                400,
                "invalid-comparison",
                "Invalid A/B comparison",
                detail,
                first.field(),
                new ArrayList<>(errors),
                null);
    }
}
