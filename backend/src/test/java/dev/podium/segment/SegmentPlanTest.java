package dev.podium.segment;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Test;

/**
 * Which runs a board cell pools (methodology section 10): its series' runs since the last confirmed change point, up to
 * its own, the newest 30 of them at the most; a newer change point not yet confirmed by 3 runs holds its runs back.
 */
class SegmentPlanTest {

    private static final int CONFIRM = 3;
    private static final int MAX = 30;

    @Test
    void a_series_without_a_change_pools_its_newest_thirty_runs_not_all_it_ever_had() {
        List<Segments.Point> points = points(900);
        Segments.Plan plan = Segments.plan(points, Map.of(), CONFIRM, MAX);
        assertEquals(points.subList(870, 900), plan.pooled());
        assertEquals(0, plan.unconfirmed());

        List<Segments.Point> young = points(5);
        assertEquals(young, Segments.plan(young, Map.of(), CONFIRM, MAX).pooled());
    }

    @Test
    void a_confirmed_change_starts_the_segment_and_an_unconfirmed_one_holds_its_runs_back() {
        List<Segments.Point> points = points(40);
        // a change before run 35, five runs after it: confirmed
        Segments.Plan confirmed = Segments.plan(points, Map.of(points.get(35).runId(), 5), CONFIRM, MAX);
        assertEquals(points.subList(35, 40), confirmed.pooled());
        assertEquals(0, confirmed.unconfirmed());

        // a change before run 38, two runs after it: the runs from 38 wait, the thirty before them are pooled
        Segments.Plan waiting = Segments.plan(points, Map.of(points.get(38).runId(), 2), CONFIRM, MAX);
        assertEquals(points.subList(8, 38), waiting.pooled());
        assertEquals(2, waiting.unconfirmed());

        // both: the segment runs from the confirmed change to the unconfirmed one
        Segments.Plan both = Segments.plan(
                points, Map.of(points.get(35).runId(), 5, points.get(38).runId(), 2), CONFIRM, MAX);
        assertEquals(points.subList(35, 38), both.pooled());
        assertEquals(2, both.unconfirmed());
    }

    /** {@code n} runs of one series, a night apart, oldest first. */
    private static List<Segments.Point> points(int n) {
        List<Segments.Point> points = new ArrayList<>();
        OffsetDateTime first = OffsetDateTime.of(2024, 1, 1, 2, 0, 0, 0, ZoneOffset.UTC);
        for (int i = 0; i < n; i++) {
            points.add(new Segments.Point(1000 + i, new UUID(0, i + 1), first.plusDays(i), false, 3));
        }
        return points;
    }
}
