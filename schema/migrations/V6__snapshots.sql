-- Citable snapshots ("rounds", issue 14): a frozen board, stored as the exact bytes it is served as, and the runs it
-- was computed from. Never updated: a citation must keep resolving to the same bytes.

create table snapshots (
    id           bigint generated always as identity primary key,
    slug         text        not null unique check (slug ~ '^[a-z0-9]([a-z0-9-]{0,62}[a-z0-9])?$'),
    title        text        not null check (length(title) between 1 and 200),
    frozen_at    timestamptz not null,
    document     bytea       not null,                    -- GET /api/snapshots/{slug}, byte for byte
    csv          bytea       not null,                    -- the same rows as CSV
    json_sha256  text        not null check (json_sha256 ~ '^[0-9a-f]{64}$'),
    csv_sha256   text        not null check (csv_sha256 ~ '^[0-9a-f]{64}$'),
    run_count    integer     not null check (run_count > 0),
    host_classes text[]      not null
);

create index snapshots_frozen_at_idx on snapshots (frozen_at desc, id desc);

-- restrict: a run a snapshot was computed from cannot be deleted from under it
create table snapshot_runs (
    snapshot_id bigint not null references snapshots (id) on delete cascade,
    run_id      uuid   not null references runs (id) on delete restrict,
    primary key (snapshot_id, run_id)
);

create index snapshot_runs_run_idx on snapshot_runs (run_id);
