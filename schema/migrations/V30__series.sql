-- Two summaries of cells that grow with the series, not with the nights: what the read side asks most, answered
-- without reading every cell ever stored (docs/architecture.md, "Toward 100M": the leaderboard's newest-run and
-- pickers' queries, the framework list and a board's segment pooling read every night of their group, 59,000 buffers
-- at 2M repeat rows, and grow with each night).
--
-- newest_runs: for every key a read filters on that a cell or its run fixes at ingest, the newest run. The key is the
-- series (host class, vCPUs, framework, I/O model, scenario, load model, connections, offered rate, topology, JVM
-- mode) and the run's JVM vendor and feature version, the target's classification, baseline or not, and the agent (a
-- revoked agent's runs are left out by some reads: with the agent in the key, the newest run of the others is still
-- here). The newest run is by the order every read uses (started_at, received_at, id, all descending), with its
-- framework version. What it cannot answer is "newest before a date": reads with a `to` filter still read cells.
--
-- series_keys and series_points: every series (the SeriesKey of dev.podium.read) with an id, and every cell as a point
-- of its series, indexed newest first: a board's segment pooling reads the newest runs of each series it shows, and
-- only those.
--
-- Kept by the database, not by the service: a statement trigger on cells records the cells just inserted (the
-- service's COPY, or any other writer, such as an older replica during a rolling upgrade) in the same transaction, so
-- both are exactly in step with what is committed. Runs are never deleted and the key's columns are never updated
-- after ingest.
create table newest_runs (
    host_class        text             not null,
    vcpus             integer          not null,
    framework         text             not null,
    io_model          text             not null,
    scenario          text             not null,
    load_model        text             not null,
    connections       integer          not null,
    target_rate       double precision,
    topology          text             not null,
    jvm_mode          text             not null,
    classification    text,
    baseline          boolean          not null,
    jvm_vendor        text             not null,
    jvm_major         integer          not null,
    agent_id          bigint           not null references agents (id),
    -- the newest run of the key
    run_id            uuid             not null references runs (id),
    started_at        timestamptz      not null,
    received_at       timestamptz      not null,
    framework_version text             not null
);

-- the key (PostgreSQL 14, the embedded one, has no NULLS NOT DISTINCT: the two nullable columns by coalesce)
create unique index newest_runs_key on newest_runs (
    scenario, load_model, host_class, vcpus, framework, io_model, topology, connections, coalesce(target_rate, 0),
    jvm_mode, coalesce(classification, ''), baseline, jvm_vendor, jvm_major, agent_id);

-- a framework's page, its JVM modes and the framework list ask by framework alone
create index newest_runs_framework_idx on newest_runs (framework);

create table series_keys (
    id          bigint           generated always as identity primary key,
    host_class  text             not null,
    vcpus       integer          not null,
    framework   text             not null,
    io_model    text             not null,
    scenario    text             not null,
    load_model  text             not null,
    connections integer          not null,
    target_rate double precision,
    topology    text             not null,
    jvm_mode    text             not null
);

create unique index series_keys_key on series_keys (
    scenario, load_model, host_class, vcpus, framework, io_model, topology, connections, coalesce(target_rate, 0),
    jvm_mode);

-- its primary key, added after the backfill below (an index built once, sorted, not row by row), is the newest-first
-- index the reads scan backwards
create table series_points (
    series_id   bigint      not null references series_keys (id),
    started_at  timestamptz not null,
    received_at timestamptz not null,
    run_id      uuid        not null,
    cell_id     bigint      not null
);

create function series_record() returns trigger language plpgsql as $$
begin
    insert into newest_runs as s (host_class, vcpus, framework, io_model, scenario, load_model, connections,
                                  target_rate, topology, jvm_mode, classification, baseline, jvm_vendor, jvm_major,
                                  agent_id, run_id, started_at, received_at, framework_version)
    select distinct on (c.scenario, c.load_model, r.host_class, c.vcpus, c.framework, c.io_model, c.topology,
                        c.connections, coalesce(c.target_rate, 0), c.jvm_mode, coalesce(c.classification, ''),
                        c.baseline, r.jvm_vendor, r.jvm_major, r.agent_id)
           r.host_class, c.vcpus, c.framework, c.io_model, c.scenario, c.load_model, c.connections, c.target_rate,
           c.topology, c.jvm_mode, c.classification, c.baseline, r.jvm_vendor, r.jvm_major, r.agent_id, r.id,
           r.started_at, r.received_at, c.framework_version
    from new_cells c join runs r on r.id = c.run_id
    order by c.scenario, c.load_model, r.host_class, c.vcpus, c.framework, c.io_model, c.topology, c.connections,
             coalesce(c.target_rate, 0), c.jvm_mode, coalesce(c.classification, ''), c.baseline, r.jvm_vendor,
             r.jvm_major, r.agent_id, r.started_at desc, r.received_at desc, r.id desc, c.ordinal
    on conflict (scenario, load_model, host_class, vcpus, framework, io_model, topology, connections,
                 coalesce(target_rate, 0), jvm_mode, coalesce(classification, ''), baseline, jvm_vendor, jvm_major,
                 agent_id)
    do update set run_id = excluded.run_id, started_at = excluded.started_at, received_at = excluded.received_at,
                  framework_version = excluded.framework_version
        -- a run older than the one held (pushed late, or resumed) does not replace it
        where (excluded.started_at, excluded.received_at, excluded.run_id) > (s.started_at, s.received_at, s.run_id);

    insert into series_keys (host_class, vcpus, framework, io_model, scenario, load_model, connections, target_rate,
                             topology, jvm_mode)
    select distinct r.host_class, c.vcpus, c.framework, c.io_model, c.scenario, c.load_model, c.connections,
           c.target_rate, c.topology, c.jvm_mode
    from new_cells c join runs r on r.id = c.run_id
    -- in the unique index's order, as newest_runs above: two ingests lock shared keys in one order, never a cycle
    order by c.scenario, c.load_model, r.host_class, c.vcpus, c.framework, c.io_model, c.topology, c.connections,
             c.target_rate, c.jvm_mode
    on conflict (scenario, load_model, host_class, vcpus, framework, io_model, topology, connections,
                 coalesce(target_rate, 0), jvm_mode) do nothing;

    -- a statement of its own: it sees the keys a concurrent ingest committed while the one above waited for it
    insert into series_points (series_id, started_at, received_at, run_id, cell_id)
    select k.id, r.started_at, r.received_at, r.id, c.id
    from new_cells c join runs r on r.id = c.run_id
    join series_keys k on k.scenario = c.scenario and k.load_model = c.load_model and k.host_class = r.host_class
        and k.vcpus = c.vcpus and k.framework = c.framework and k.io_model = c.io_model and k.topology = c.topology
        and k.connections = c.connections and coalesce(k.target_rate, 0) = coalesce(c.target_rate, 0)
        and k.jvm_mode = c.jvm_mode;
    return null;
end
$$;

-- what is already stored, with no cell written meanwhile: SHARE blocks inserts into cells (an ingest waits for the
-- backfill, which is not yet timed at 100M repeat rows) but never a read
lock table cells in share mode;

create trigger cells_series after insert on cells referencing new table as new_cells
    for each statement execute function series_record();

insert into newest_runs (host_class, vcpus, framework, io_model, scenario, load_model, connections, target_rate,
                         topology, jvm_mode, classification, baseline, jvm_vendor, jvm_major, agent_id, run_id,
                         started_at, received_at, framework_version)
select distinct on (c.scenario, c.load_model, r.host_class, c.vcpus, c.framework, c.io_model, c.topology,
                    c.connections, coalesce(c.target_rate, 0), c.jvm_mode, coalesce(c.classification, ''),
                    c.baseline, r.jvm_vendor, r.jvm_major, r.agent_id)
       r.host_class, c.vcpus, c.framework, c.io_model, c.scenario, c.load_model, c.connections, c.target_rate,
       c.topology, c.jvm_mode, c.classification, c.baseline, r.jvm_vendor, r.jvm_major, r.agent_id, r.id,
       r.started_at, r.received_at, c.framework_version
from cells c join runs r on r.id = c.run_id
order by c.scenario, c.load_model, r.host_class, c.vcpus, c.framework, c.io_model, c.topology, c.connections,
         coalesce(c.target_rate, 0), c.jvm_mode, coalesce(c.classification, ''), c.baseline, r.jvm_vendor,
         r.jvm_major, r.agent_id, r.started_at desc, r.received_at desc, r.id desc, c.ordinal;

insert into series_keys (host_class, vcpus, framework, io_model, scenario, load_model, connections, target_rate,
                         topology, jvm_mode)
select distinct r.host_class, c.vcpus, c.framework, c.io_model, c.scenario, c.load_model, c.connections,
       c.target_rate, c.topology, c.jvm_mode
from cells c join runs r on r.id = c.run_id;

insert into series_points (series_id, started_at, received_at, run_id, cell_id)
select k.id, r.started_at, r.received_at, r.id, c.id
from cells c join runs r on r.id = c.run_id
join series_keys k on k.scenario = c.scenario and k.load_model = c.load_model and k.host_class = r.host_class
    and k.vcpus = c.vcpus and k.framework = c.framework and k.io_model = c.io_model and k.topology = c.topology
    and k.connections = c.connections and coalesce(k.target_rate, 0) = coalesce(c.target_rate, 0)
    and k.jvm_mode = c.jvm_mode
order by 1, 2, 3, 4, 5;

alter table series_points add primary key (series_id, started_at, received_at, run_id, cell_id);

-- checked for the points written from now on; those above come from cells by their ids (validating them would read
-- every point against cells once more, minutes at 100M repeat rows, for nothing)
alter table series_points add constraint series_points_cell_fk foreign key (cell_id) references cells (id) not valid;
