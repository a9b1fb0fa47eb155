package dev.podium.quality;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.podium.leaderboard.LeaderboardRanking;
import dev.podium.leaderboard.LeaderboardResponse.Row;
import dev.podium.testing.TestVectors;
import dev.podium.verdict.RankRange;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/** The one flag policy against schema/testdata/rules/flags.json, which the agent's and the site's tests also read. */
class FlagPolicyTest {

    private static final JsonNode RULES = TestVectors.read("rules/flags.json");

    private static List<String> strings(JsonNode list) {
        List<String> values = new ArrayList<>();
        list.forEach(v -> values.add(v.asText()));
        return values;
    }

    @Test
    void every_quality_flag_has_the_kind_the_shared_rules_give_it() {
        Map<String, String> expected = new LinkedHashMap<>();
        RULES.get("kinds")
                .properties()
                .forEach(e -> expected.put(e.getKey(), e.getValue().asText()));
        Map<String, String> actual = new LinkedHashMap<>();
        QualityFlags.KINDS.forEach((flag, kind) ->
                actual.put(flag, kind.name().toLowerCase(Locale.ROOT).replace('_', '-')));
        assertEquals(expected, actual);
        assertEquals(List.copyOf(expected.keySet()), QualityFlags.QUALITY, "the legend's order");
    }

    private static Row row(JsonNode r) {
        Double sla = r.get("sla").isNull() ? null : r.get("sla").asDouble();
        return new Row(
                RankRange.UNRANKED,
                r.get("name").asText(),
                "1",
                "non-blocking",
                UUID.nameUUIDFromBytes(r.get("name").asText().getBytes()),
                OffsetDateTime.parse("2026-11-26T08:00:00Z"),
                "Eclipse Adoptium",
                "25",
                sla,
                sla == null ? null : 64,
                sla == null ? null : 1L,
                r.get("best").asDouble(),
                64,
                1L,
                r.get("ciLow").asDouble(),
                r.get("ciHigh").asDouble(),
                1.0,
                2.0,
                r.get("best").asDouble(),
                null,
                0.0,
                strings(r.get("flags")),
                3,
                strings(r.get("flags")).contains("noisy"),
                null,
                null,
                null,
                null,
                List.of(),
                List.of(),
                r.path("revoked").asBoolean(),
                "single",
                1,
                QualityFlags.lowerBound(strings(r.get("flags"))),
                null,
                null,
                Map.of(),
                null);
    }

    @Test
    void boards_rank_by_their_intervals_as_the_shared_rules_say() {
        assertTrue(RULES.get("boards").size() >= 5);
        for (JsonNode board : RULES.get("boards")) {
            String about = board.get("about").asText();
            List<Row> rows = new ArrayList<>();
            board.get("rows").forEach(r -> rows.add(row(r)));
            List<Row> ranked = LeaderboardRanking.rank(rows, board.get("rank").asText(), false);
            List<String> expected = new ArrayList<>();
            board.get("expect")
                    .forEach(e -> expected.add(e.get("name").asText() + " rank "
                            + (e.get("rank").isNull() ? null : e.get("rank").asInt())
                            + "-"
                            + (e.path("rankHigh").isNull() || e.path("rankHigh").isMissingNode()
                                    ? null
                                    : e.get("rankHigh").asInt())
                            + " tied " + e.get("tied").asBoolean() + " atLeast "
                            + e.get("atLeast").asBoolean()
                            + " excludedBy " + strings(e.get("excludedBy"))));
            List<String> actual = ranked.stream()
                    .map(r -> r.framework() + " rank " + r.place().rank() + "-"
                            + r.place().rankHigh() + " tied " + r.place().tied()
                            + " atLeast " + r.atLeast()
                            + " excludedBy " + r.excludedBy())
                    .toList();
            assertEquals(expected, actual, about);
        }
    }

    @Test
    void the_calculator_refuses_and_bounds_as_the_shared_rules_say() {
        for (JsonNode c : RULES.get("calculator")) {
            String about = c.get("about").asText();
            boolean include = "include".equals(c.path("flagged").asText());
            String by = c.get("by").asText();
            String refused = QualityFlags.calculatorRefuses(
                    strings(c.get("from")), false, strings(c.get("to")), false, by, include);
            assertEquals(c.get("refused").isNull() ? null : c.get("refused").asText(), refused, about);
            if (refused == null) {
                assertEquals(
                        c.get("atLeast").asBoolean(),
                        QualityFlags.ratioAtLeast(strings(c.get("to")), by, include),
                        about);
            }
        }
    }

    @Test
    void compare_claims_what_the_shared_rules_say() {
        for (JsonNode c : RULES.get("compare")) {
            assertEquals(
                    c.get("claim").asText(),
                    QualityFlags.claim(
                            strings(c.get("a")),
                            false,
                            strings(c.get("b")),
                            false,
                            c.get("ratio").asDouble(),
                            c.get("significant").asBoolean()),
                    c.get("about").asText());
        }
    }
}
