-- Agents, runs, cells and repeats: every field of the v1 run payload as columns, the verbatim envelope beside them.

create table agents (
    id          bigint generated always as identity primary key,
    name        text        not null,
    public_key  bytea       not null check (octet_length(public_key) = 32),
    keyid       text        not null unique,
    created_at  timestamptz not null default now(),
    revoked_at  timestamptz
);

create table runs (
    id                      uuid        primary key,            -- the payload's runId, the idempotency key
    agent_id                bigint      not null references agents (id),
    keyid                   text        not null,
    payload_sha256          bytea       not null,
    envelope                bytea       not null,               -- the request body exactly as received
    received_at             timestamptz not null default now(),
    schema_version          integer     not null,
    started_at              timestamptz not null,
    finished_at             timestamptz not null,
    agent_version           text        not null,
    suite_name              text        not null,
    suite_version           text        not null,
    suite_commit            text        not null,
    suite_profile           text,
    load_generator_tool     text        not null,
    load_generator_version  text        not null,
    open_loop_tool          text,
    open_loop_version       text,
    host_hostname           text        not null,
    host_cpu_model          text        not null,
    host_vcpus              integer     not null,
    host_memory_bytes       bigint      not null,
    host_os                 text        not null,
    host_kernel             text        not null,
    host_arch               text        not null,
    host_virtualization     text        not null,
    host_server_cpus        text,
    host_load_generator_cpus text,
    host_class              text        not null,               -- cpu model + vcpus + memory, methodology section 5
    jvm_vendor              text        not null,
    jvm_version             text        not null,
    jvm_major               integer     not null,
    jvm_vm_name             text        not null,
    jvm_gc                  text        not null,
    jvm_flags               text[]      not null
);

-- Envelopes are base64 JSON up to a few MB: pglz compressing them cost ~18 ms of a 1,000-cell ingest for ~3x less disk.
alter table runs alter column envelope set storage external;

create index runs_received_at_idx on runs (received_at desc, id);
create index runs_started_at_idx on runs (started_at desc);
create index runs_host_class_idx on runs (host_class, started_at desc);
create index runs_agent_idx on runs (agent_id);

create sequence cells_seq increment by 50;

create table cells (
    id                bigint      primary key default nextval('cells_seq'),
    run_id            uuid        not null references runs (id) on delete cascade,
    ordinal           integer     not null,                    -- position in the payload's results[]
    framework         text        not null,
    framework_version text        not null,
    io_model          text        not null check (io_model in ('blocking', 'non-blocking', 'virtual-threads')),
    scenario          text        not null check (scenario in ('plaintext', 'json', 'proxy', 'delay', 'db')),
    load_model        text        not null check (load_model in ('closed', 'open')),
    connections       integer     not null check (connections >= 1),
    target_rate       double precision,
    delay_ms          integer,
    vcpus             integer     not null check (vcpus >= 1),
    duration_seconds  double precision not null,
    warmup_seconds    double precision,
    baseline          boolean     not null default false,
    flags             text[]      not null default '{}',
    -- statistics derived once at ingest (methodology section 4); null until computed
    repeat_count      integer,
    rps_trimmed_mean  double precision,
    rps_median        double precision,
    rps_mean          double precision,
    rps_stddev        double precision,
    rps_ci_low        double precision,
    rps_ci_high       double precision,
    error_rate        double precision,
    p50_median        double precision,
    p90_median        double precision,
    p99_median        double precision,
    over_error_limit  boolean,
    unique (run_id, ordinal)
);

create index cells_lookup_idx on cells (scenario, load_model, framework, io_model, vcpus, connections);
create index cells_run_idx on cells (run_id);

create table repeats (
    cell_id             bigint           not null references cells (id) on delete cascade,
    ordinal             integer          not null,
    requests            bigint           not null check (requests >= 0),
    requests_per_second double precision not null check (requests_per_second >= 0),
    p50_ms              double precision not null,
    p75_ms              double precision not null,
    p90_ms              double precision not null,
    p99_ms              double precision not null,
    p999_ms             double precision not null,
    max_ms              double precision not null,
    mean_ms             double precision not null,
    errors_connect      bigint           not null check (errors_connect >= 0),
    errors_read         bigint           not null check (errors_read >= 0),
    errors_write        bigint           not null check (errors_write >= 0),
    errors_timeout      bigint           not null check (errors_timeout >= 0),
    errors_status       bigint           not null check (errors_status >= 0),
    primary key (cell_id, ordinal)
);
