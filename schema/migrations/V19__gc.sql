-- Allocation and garbage collection per repeat of a JVM cell (payload v2 usage.allocatedBytesPerRequest, gcCount,
-- gcSeconds, gcCpuShare, gcPauseMaxMs, read by the agent's gcstats from the JVM's perf counters and GC log); null for
-- nginx, v1 runs and the v2 runs stored before the agent read them.
alter table repeats add column allocated_bytes_per_request double precision check (allocated_bytes_per_request >= 0);
alter table repeats add column gc_count bigint check (gc_count >= 0);
alter table repeats add column gc_seconds double precision check (gc_seconds >= 0);
alter table repeats add column gc_cpu_share double precision check (gc_cpu_share between 0 and 1);
alter table repeats add column gc_pause_max_ms double precision check (gc_pause_max_ms >= 0);

-- The cell's figures over its repeats that carry them, derived once at ingest (dev.podium.gc.GcStats): allocation per
-- request as the mean per repeat with its 95% t interval, pauses, their time and the GC share of CPU as means per
-- repeat, the longest pause of them all; null for a cell without them.
alter table cells add column allocated_bytes_per_request double precision;
alter table cells add column allocated_bytes_per_request_ci_low double precision;
alter table cells add column allocated_bytes_per_request_ci_high double precision;
alter table cells add column allocated_bytes_per_request_repeats integer;
alter table cells add column gc_count double precision;
alter table cells add column gc_seconds double precision;
alter table cells add column gc_cpu_share double precision;
alter table cells add column gc_pause_max_ms double precision;

-- A fourth change-point metric: bytes allocated per request, where recorded.
alter table change_points drop constraint change_points_metric_check;
alter table change_points add constraint change_points_metric_check
    check (metric in ('throughput', 'p99', 'cpu-per-request', 'allocation-per-request'));
