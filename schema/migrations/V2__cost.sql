-- Payload v2 (issue 10): what every measurement cost, each target start, the host's tuning, and the statistics derived
-- from them. Every new column is nullable: v1 runs carry no usage.

-- host.settings as the agent read it (governor, turbo, SMT, ...): a map the run page shows whole, never filtered on
alter table runs add column host_settings jsonb;

alter table repeats
    add column wall_seconds              double precision check (wall_seconds > 0),
    add column target_cpu_user_seconds   double precision check (target_cpu_user_seconds >= 0),
    add column target_cpu_system_seconds double precision check (target_cpu_system_seconds >= 0),
    add column target_rss_mean_bytes     bigint           check (target_rss_mean_bytes >= 0),
    add column target_rss_peak_bytes     bigint           check (target_rss_peak_bytes >= 0),
    add column generator_cpu_seconds     double precision check (generator_cpu_seconds >= 0),
    add column usage_samples             integer          check (usage_samples >= 1);

alter table cells
    add column cpus                           text,
    add column startup_first_response_ms      double precision,
    add column startup_idle_rss_bytes         bigint,
    -- rps_ci_low/rps_ci_high now hold the 95% Student's t interval of the mean; which one a row holds:
    -- 't', or null for a row stored with the bootstrap interval, which the service recomputes at start (IntervalBackfill)
    add column rps_ci_method                  text check (rps_ci_method in ('t')),
    add column rps_cv                         double precision,
    add column noisy                          boolean,
    -- cost figures: mean over repeats, 95% t interval of that mean, how many repeats define it; null for v1 cells
    add column req_per_cpu_second             double precision,
    add column req_per_cpu_second_ci_low      double precision,
    add column req_per_cpu_second_ci_high     double precision,
    add column req_per_cpu_second_repeats     integer,
    add column rps_per_vcpu                   double precision,
    add column rps_per_vcpu_ci_low            double precision,
    add column rps_per_vcpu_ci_high           double precision,
    add column rps_per_vcpu_repeats           integer,
    add column rss_mb_per_krps                double precision,
    add column rss_mb_per_krps_ci_low         double precision,
    add column rss_mb_per_krps_ci_high        double precision,
    add column rss_mb_per_krps_repeats        integer;

-- the backfill's work list: rows still holding the bootstrap interval
create index cells_interval_backfill_idx on cells (id) where rps_ci_method is null;
