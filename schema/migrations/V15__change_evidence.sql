-- Change points tested on the runs (issue 25): a candidate is kept when Student's t-test on the run figures either
-- side finds it (the run-to-run noise, not the repeats of one JVM start), and each change point keeps its evidence:
-- each segment's run-to-run standard deviation and the standardised effect. From here on mean_before/after and their
-- intervals are over the segment's run figures (a one-run segment: that run's repeats), and p_value is the runs'
-- t-test. A third metric: CPU time per request (microseconds of the target's user + system CPU), where recorded.

alter table change_points drop constraint change_points_metric_check;
alter table change_points add constraint change_points_metric_check
    check (metric in ('throughput', 'p99', 'cpu-per-request'));

alter table change_points
    add column spread_before double precision,   -- standard deviation of the segment's run figures; null for one run
    add column spread_after  double precision,
    add column effect_size   double precision,   -- (mean_after - mean_before) / pooled run-to-run sd; null if undefined
    -- 'runs' for a change point of the runs' test; null: stored by the test on the repeats, which the service
    -- recomputes at start (ChangeDetector), as it does whenever the series gets a run
    add column tested_on     text check (tested_on in ('runs'));
