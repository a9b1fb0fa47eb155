package dev.podium.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.function.ToLongFunction;

/**
 * What V30's summaries of cells promise, checked against cells and runs by SQL of its own, not the statements that keep
 * them: newest_runs has one row for every key the cells hold, its run the newest of the key by the order every read
 * uses; series_points has every cell once, as a point of its series (series_keys) at its run's time.
 */
public final class SeriesTables {

    /** A series, as cells c and runs r name its columns. */
    private static final String SERIES = "c.scenario, c.load_model, r.host_class, c.vcpus, c.framework, c.io_model,"
            + " c.topology, c.connections, c.target_rate, c.jvm_mode";

    /** newest_runs' key. */
    private static final String KEY = SERIES + ", c.classification, c.baseline, r.jvm_vendor, r.jvm_major, r.agent_id";

    private static final String SAME_SERIES = "k.scenario = c.scenario and k.load_model = c.load_model"
            + " and k.host_class = r.host_class and k.vcpus = c.vcpus and k.framework = c.framework"
            + " and k.io_model = c.io_model and k.topology = c.topology and k.connections = c.connections"
            + " and k.target_rate is not distinct from c.target_rate and k.jvm_mode = c.jvm_mode";

    private static final String SAME_KEY = SAME_SERIES.replace("k.", "s.")
            + " and s.classification is not distinct from c.classification and s.baseline = c.baseline"
            + " and s.jvm_vendor = r.jvm_vendor and s.jvm_major = r.jvm_major and s.agent_id = r.agent_id";

    private SeriesTables() {}

    /** The promises broken, each with how many rows break it: empty when the tables hold what they should. */
    public static List<String> violations(ToLongFunction<String> scalar) {
        List<String> broken = new ArrayList<>();
        check(
                broken,
                scalar,
                "cells whose run is newer than their newest_runs row says, or that have none",
                "select count(*) from cells c join runs r on r.id = c.run_id where not exists (select 1 from"
                        + " newest_runs s where " + SAME_KEY
                        + " and (s.started_at, s.received_at, s.run_id) >= (r.started_at, r.received_at, r.id))");
        check(
                broken,
                scalar,
                "newest_runs rows whose run has no cell of the key at the version the row gives",
                "select count(*) from newest_runs s where not exists (select 1 from cells c join runs r on"
                        + " r.id = c.run_id where r.id = s.run_id and c.framework_version = s.framework_version and "
                        + SAME_KEY + " and (s.started_at, s.received_at) = (r.started_at, r.received_at))");
        check(
                broken,
                scalar,
                "newest_runs rows more or fewer than the keys the cells hold",
                "select abs((select count(*) from newest_runs) - (select count(*) from (select distinct " + KEY
                        + " from cells c join runs r on r.id = c.run_id) k))");
        check(
                broken,
                scalar,
                "cells that are not one point of their series at their run's time, or points more than cells",
                "select abs((select count(*) from cells) - (select count(*) from series_points p join series_keys k"
                        + " on k.id = p.series_id join cells c on c.id = p.cell_id join runs r on r.id = c.run_id where "
                        + SAME_SERIES + " and p.run_id = r.id and p.started_at = r.started_at"
                        + " and p.received_at = r.received_at))"
                        + " + (select count(*) - count(distinct cell_id) from series_points)");
        check(
                broken,
                scalar,
                "series keys more or fewer than the series the cells hold",
                "select abs((select count(*) from series_keys) - (select count(*) from (select distinct " + SERIES
                        + " from cells c join runs r on r.id = c.run_id) k))");
        return broken;
    }

    private static void check(List<String> broken, ToLongFunction<String> scalar, String what, String sql) {
        long n = scalar.applyAsLong(sql);
        if (n != 0) {
            broken.add(n + " " + what);
        }
    }
}
