package dev.podium.changes;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.podium.read.SeriesKey;
import dev.podium.webhook.Webhooks;
import jakarta.enterprise.context.ApplicationScoped;
import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.UUID;
import lombok.RequiredArgsConstructor;

/**
 * Stores the change points found in one series' metric, in the detector's transaction: each with its evidence (the
 * segments either side, the effect, what changed between the two runs), upserted per series and run; the new ones are
 * queued for the webhooks in the same transaction, and those the longer series no longer supports are deleted.
 */
@ApplicationScoped
@RequiredArgsConstructor
public class ChangePointStore {

    private final Webhooks webhooks;
    private final ObjectMapper json;

    List<ChangeView> store(
            Connection c,
            SeriesKey s,
            String metric,
            List<SeriesPoints.Point> points,
            List<EDivisive.ChangePoint> cps,
            RunsTTest tester)
            throws SQLException {
        String key = ChangeDetector.key(s, metric);
        List<ChangeView> fresh = new ArrayList<>();
        List<UUID> kept = new ArrayList<>();
        for (int i = 0; i < cps.size(); i++) {
            int from = i == 0 ? 0 : cps.get(i - 1).index();
            int at = cps.get(i).index();
            int to = i == cps.size() - 1 ? points.size() : cps.get(i + 1).index();
            RunsTTest.Segment before = tester.segment(from, at);
            RunsTTest.Segment after = tester.segment(at, to);
            Double effectSize = tester.effectSize(from, at, to);
            SeriesPoints.Point last = points.get(at - 1);
            SeriesPoints.Point first = points.get(at);
            kept.add(first.runId());
            Map<String, ChangeView.Change> changed = new LinkedHashMap<>();
            last.meta().forEach((field, value) -> {
                if (!Objects.equals(value, first.meta().get(field))) {
                    changed.put(field, new ChangeView.Change(value, first.meta().get(field)));
                }
            });
            double effect = (after.mean() - before.mean()) / before.mean() * 100;
            try (PreparedStatement ps = c.prepareStatement("insert into change_points (series_key, metric, "
                    + SeriesKey.COLUMNS
                    + ", run_before, run_after, at, runs_before, runs_after, mean_before, ci_low_before, "
                    + "ci_high_before, mean_after, ci_low_after, ci_high_after, effect_percent, p_value, changed, "
                    + "spread_before, spread_after, effect_size, tested_on) "
                    + "values (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?::jsonb,?,?,?,'runs') "
                    + "on conflict (series_key, run_after) do update set run_before = excluded.run_before, "
                    + "runs_before = excluded.runs_before, runs_after = excluded.runs_after, "
                    + "mean_before = excluded.mean_before, ci_low_before = excluded.ci_low_before, "
                    + "ci_high_before = excluded.ci_high_before, mean_after = excluded.mean_after, "
                    + "ci_low_after = excluded.ci_low_after, ci_high_after = excluded.ci_high_after, "
                    + "effect_percent = excluded.effect_percent, p_value = excluded.p_value, changed = excluded.changed, "
                    + "spread_before = excluded.spread_before, spread_after = excluded.spread_after, "
                    + "effect_size = excluded.effect_size, tested_on = excluded.tested_on "
                    + "returning " + ChangeQueries.COLUMNS + ", (xmax = 0) as inserted")) {
                List<Object> v = new ArrayList<>(List.of(key, metric));
                v.addAll(s.values());
                v.addAll(Arrays.asList(
                        last.runId(),
                        first.runId(),
                        first.startedAt(),
                        at - from,
                        to - at,
                        before.mean(),
                        before.ciLow(),
                        before.ciHigh(),
                        after.mean(),
                        after.ciLow(),
                        after.ciHigh(),
                        effect,
                        cps.get(i).stats().pValue(),
                        write(changed),
                        before.spread(),
                        after.spread(),
                        effectSize));
                for (int k = 0; k < v.size(); k++) {
                    ps.setObject(k + 1, v.get(k));
                }
                ChangeView inserted = null;
                try (ResultSet rs = ps.executeQuery()) {
                    rs.next();
                    if (rs.getBoolean("inserted")) { // inserted, not updated: new here, announced here only
                        inserted = ChangeQueries.change(rs, json); // as stored, as the API reads it
                    }
                }
                if (inserted != null) {
                    fresh.add(inserted);
                    webhooks.enqueue(c, inserted.id(), "change-point.detected", inserted);
                }
            }
        }
        // a change the longer series no longer supports (a lone outlier once the next run is back) goes
        try (PreparedStatement ps =
                c.prepareStatement("delete from change_points where series_key = ? and not (run_after = any (?))")) {
            ps.setString(1, key);
            ps.setArray(2, c.createArrayOf("uuid", kept.toArray()));
            ps.executeUpdate();
        }
        return fresh;
    }

    private String write(Object value) {
        try {
            return json.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException(e);
        }
    }
}
