-- A/B comparisons (issue 43 item 3): what podium-agent ab --push signs and sends, one row per comparison. Its id is
-- the measured run's id (the report's runId), so the same envelope sent again finds its row. The report is kept as
-- jsonb for the site and the API, the envelope byte for byte so anyone can verify it with the agent's public key; the
-- columns beside it are what the list filters and shows without reading the report.
create table ab_comparisons (
    id                uuid        primary key,
    received_at       timestamptz not null default now(),
    agent_id          bigint      not null references agents (id),
    keyid             text        not null,
    host_class        text        not null,
    target            text        not null,
    framework         text        not null,
    framework_version text        not null,
    variant_a         jsonb       not null,
    variant_b         jsonb       not null,
    rounds            integer     not null check (rounds between 1 and 10),
    finished_at       timestamptz not null,
    report            jsonb       not null,
    payload_sha256    bytea       not null check (octet_length(payload_sha256) = 32),
    envelope          bytea       not null
);

-- GET /api/ab?framework=NAME: a framework's comparisons, newest first
create index ab_comparisons_framework on ab_comparisons (lower(framework), received_at desc, id desc);
create index ab_comparisons_received on ab_comparisons (received_at desc, id desc);
