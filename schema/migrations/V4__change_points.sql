-- Change points of every series (E-Divisive means, confirmed by Welch's t-test), and the admin's outgoing webhooks.

create table change_points (
    id              bigint generated always as identity primary key,
    -- the series: one target (framework, io model) in one cell shape on one host class
    series_key      text             not null,                -- the fields below joined, one key per series and metric
    metric          text             not null check (metric in ('throughput', 'p99')),
    host_class      text             not null,
    vcpus           integer          not null,
    framework       text             not null,
    io_model        text             not null,
    scenario        text             not null,
    load_model      text             not null,
    connections     integer          not null,
    target_rate     double precision,                         -- open loop only
    -- the last run before the change and the first after it
    run_before      uuid             not null references runs (id) on delete cascade,
    run_after       uuid             not null references runs (id) on delete cascade,
    at              timestamptz      not null,                -- run_after's startedAt: the feed's order
    runs_before     integer          not null,                -- runs in the segment before / after
    runs_after      integer          not null,
    mean_before     double precision not null,                -- mean of the segment's repeats, with its 95% interval
    ci_low_before   double precision not null,
    ci_high_before  double precision not null,
    mean_after      double precision not null,
    ci_low_after    double precision not null,
    ci_high_after   double precision not null,
    effect_percent  double precision not null,                -- (after - before) / before x 100
    p_value         double precision not null,                -- Welch's t-test, repeats of the two segments
    changed         jsonb            not null default '{}',   -- {"frameworkVersion": {"before": .., "after": ..}, ..}
    detected_at     timestamptz      not null default now(),
    unique (series_key, run_after)
);

create index change_points_at_idx on change_points (at desc, id desc);
create index change_points_filter_idx on change_points (scenario, load_model, framework, host_class, vcpus);

create table webhooks (
    id          bigint generated always as identity primary key,
    url         text        not null check (url ~ '^https?://'),
    secret      text        not null,                          -- whsec_<base64>, Standard Webhooks
    created_at  timestamptz not null default now()
);
