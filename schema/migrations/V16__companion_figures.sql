-- The servers beside the target as stored columns (issue 27 item 4), so the API serves every figure the site shows and
-- the browser reads none out of the signed envelope: the benchmark database of a run with db scenarios and the load
-- balancer of a run with scale-out cells (payload v2 "database" and "balancer"), each db cell's client and pool
-- (results[].database), the database's CPU time per repeat (usage.databaseCpu*Seconds), and per cell the CPU seconds
-- over its repeats, user + system, of the target, the database and the balancer. Filled at ingest from the payload.
alter table runs
    add column database_server   text,   -- null: the run has no benchmark database (no db cell, or v1)
    add column database_version  text,
    add column database_cpus     text,
    add column database_settings jsonb,
    add column balancer_server   text,   -- null: the run has no balancer (no scale-out cell, or v1)
    add column balancer_version  text,
    add column balancer_cpus     text,
    add column balancer_settings jsonb;

alter table cells
    add column db_client            text,   -- db scenarios: the database client the target used; null otherwise
    add column db_pool              integer check (db_pool >= 1),
    add column target_cpu_seconds   double precision check (target_cpu_seconds >= 0),   -- null without usage (v1)
    add column database_cpu_seconds double precision check (database_cpu_seconds >= 0), -- null when not measured
    add column balancer_cpu_seconds double precision check (balancer_cpu_seconds >= 0); -- null when not measured

alter table repeats
    add column database_cpu_user_seconds   double precision check (database_cpu_user_seconds >= 0),
    add column database_cpu_system_seconds double precision check (database_cpu_system_seconds >= 0);

-- The v2 runs stored before this migration: their figures are in the stored envelope only. The service fills them at
-- start from the envelope with the same code as ingest (companion/CompanionBackfill) and deletes each run's row here
-- once done, so a restart resumes where a stopped one left off and nothing is left to do afterwards.
create table companion_backfill (
    run_id uuid primary key references runs (id) on delete cascade
);
insert into companion_backfill (run_id) select id from runs where schema_version >= 2;
