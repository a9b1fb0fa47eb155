-- Durable webhook deliveries and change detection exactly once across replicas (issue 29 items 1-2).
--
-- webhook_deliveries is the outbox: one row per new change point and registered webhook, written in the transaction
-- that stores the change point. Any replica claims due rows (FOR UPDATE SKIP LOCKED) under a lease (claimed_until):
-- a row claimed by a replica that died is taken again once its lease has expired. The message id (the webhook-id
-- header) is fixed here, so every retry and every redelivery of one delivery carries the same one.

create table webhook_deliveries (
    id              bigint generated always as identity primary key,
    webhook_id      bigint      not null references webhooks (id) on delete cascade,
    -- the change point announced; null once the change point is gone (a longer series no longer supports it): what
    -- was announced is still delivered, from the stored body
    change_point_id bigint      references change_points (id) on delete set null,
    message_id      text        not null unique,
    body            text        not null,                   -- the JSON sent, signed as is
    status          text        not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
    attempts        integer     not null default 0,         -- every attempt made, redeliveries included
    step            integer     not null default 0,         -- attempts since it was queued or redelivered: the
                                                            -- position in the retry schedule
    next_attempt_at timestamptz not null default now(),
    claimed_until   timestamptz,                            -- the lease of the replica sending it
    claim           uuid,                                   -- that claim's token: only its holder records the outcome
    last_attempt_at timestamptz,
    last_status     integer,                                -- the receiver's HTTP status; null: no answer
    last_error      text,
    delivered_at    timestamptz,
    created_at      timestamptz not null default now(),
    unique (webhook_id, change_point_id)
);

create index webhook_deliveries_due_idx on webhook_deliveries (next_attempt_at) where status = 'pending';

-- every attempt, for the admin's view
create table webhook_attempts (
    delivery_id bigint      not null references webhook_deliveries (id) on delete cascade,
    attempt     integer     not null,
    at          timestamptz not null,
    status      integer,                                    -- null: no answer (refused, timed out)
    error       text,
    duration_ms integer     not null,
    primary key (delivery_id, attempt)
);

-- Change detection per run: a row once a replica took the run's detection (claimed_until, its lease) and done_at once
-- its series were recomputed. A run with no row some time after it was received, or whose claim expired undone (its
-- replica died after answering 201), is taken by the sweep of any replica.
create table run_detections (
    run_id        uuid        primary key references runs (id) on delete cascade,
    claimed_until timestamptz not null,
    done_at       timestamptz
);

create index run_detections_undone_idx on run_detections (claimed_until) where done_at is null;

-- the runs stored so far were analysed by the replica that took them (and their series again at each start)
insert into run_detections (run_id, claimed_until, done_at) select id, now(), now() from runs;
