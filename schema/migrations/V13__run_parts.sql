-- Parts of a run (issue 24): the agent keeps a run target by target, each target's cells a payload of its own (its
-- own runId, signed and verified on its own) that names the run it is part of. One row per stored part, beside its
-- runs row; the run page gathers the parts of one part_of.
create table run_parts (
    run_id     uuid    primary key references runs (id) on delete cascade,
    part_of    uuid    not null,               -- the payload's part.runId: the run's identity, shared by its parts
    part_index integer not null check (part_index >= 1),
    planned    jsonb   not null,               -- part.planned: every target the run planned
    targets    jsonb   not null,               -- part.targets: the targets this part completes, done or failed
    unique (part_of, part_index)
);
