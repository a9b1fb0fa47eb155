-- repeats partitioned by RANGE on cell_id (docs/architecture.md, "Partitioning"). cell_id comes from cells_seq at
-- ingest, so a range of ids is a range of nights. The rows stored so far are not copied: the old table becomes one
-- partition, repeats_history (ids below a bound B), and the rows from B on go to partitions of 1.5 million cell ids
-- each (about ten million repeat rows at the nightly board's shape, a quarter of a year), which the service creates
-- ahead of the ids it hands out (dev.podium.partition).
--
-- Online. This migration runs outside a transaction (V31__repeats_partitioned.sql.conf), each step committing on its
-- own: the scan of step 3 holds a lock that blocks neither reads nor writes, and the two catalog changes that need
-- repeats to themselves (steps 2 and 4) wait at most 500 ms for it, then give way to the readers queued behind them
-- and try again a second later. Every step checks whether it is done, so a migration stopped part way goes on where
-- it stopped once Flyway is told (`flyway repair`, then start the service).

-- Two helpers for this session only (pg_temp): B, the lowest id of the twin's partitions; and a step that needs
-- repeats to itself, tried with a 500 ms lock timeout every second for up to ten minutes.
create function pg_temp.repeats_bound() returns bigint language sql as $$
    select min(substring(pg_get_expr(c.relpartbound, c.oid) from 'FROM \(''?(\d+)')::bigint)
    from pg_inherits i join pg_class c on c.oid = i.inhrelid
    where i.inhparent = to_regclass('repeats_p')
$$;

create function pg_temp.with_repeats_alone(statements text[]) returns void language plpgsql as $$
declare
    statement text;
begin
    perform set_config('lock_timeout', '500ms', true);
    for attempt in 1..600 loop
        begin
            foreach statement in array statements loop
                execute statement;
            end loop;
            return;
        exception when lock_not_available then
            raise notice 'V31: repeats is busy (try %), again in a second', attempt;
            perform pg_sleep(1);
        end;
    end loop;
    raise exception 'V31: repeats stayed busy for ten minutes; nothing changed in this step, start again to retry';
end $$;

-- 1. the partitioned twin, empty, and its first two partitions from B: above every id cells_seq hands out before the
--    swap (its next value plus a million), on a multiple of the width
do $$
declare
    width constant bigint := 1500000;
    b bigint;
begin
    if to_regclass('repeats_p') is not null
            or exists (select 1 from pg_partitioned_table where partrelid = 'repeats'::regclass) then
        return;
    end if;
    select (last_value + 1000000) / width * width + width into b from cells_seq;
    create table repeats_p (like repeats including defaults including constraints) partition by range (cell_id);
    alter table repeats_p add constraint repeats_p_pkey primary key (cell_id, ordinal);
    alter table repeats_p add constraint repeats_p_cell_id_fkey
        foreign key (cell_id) references cells (id) on delete cascade;
    execute format('create table repeats_%s partition of repeats_p for values from (%s) to (%s)', b, b, b + width);
    execute format('create table repeats_%s partition of repeats_p for values from (%s) to (%s)',
        b + width, b + width, b + 2 * width);
end $$;

-- 2. the old table's bound, not yet checked (a catalog change)
do $$
begin
    if not exists (select 1 from pg_partitioned_table where partrelid = 'repeats'::regclass)
            and not exists (select 1 from pg_constraint
                            where conrelid = 'repeats'::regclass and conname = 'repeats_below_partitions') then
        perform pg_temp.with_repeats_alone(array[format(
            'alter table repeats add constraint repeats_below_partitions check (cell_id < %s) not valid',
            pg_temp.repeats_bound())]);
    end if;
end $$;

-- 3. checked: a scan of every row under SHARE UPDATE EXCLUSIVE (reads and writes go on), so that step 4 need not scan
do $$
begin
    if not exists (select 1 from pg_partitioned_table where partrelid = 'repeats'::regclass) then
        alter table repeats validate constraint repeats_below_partitions;
    end if;
end $$;

-- 4. the swap: the old table attached as the partition of the ids below B (no scan: the checked bound proves it; its
--    primary key and foreign key are attached, not built again), and the names moved, in one short transaction
do $$
begin
    if not exists (select 1 from pg_partitioned_table where partrelid = 'repeats'::regclass) then
        perform pg_temp.with_repeats_alone(array[
            format('alter table repeats_p attach partition repeats for values from (minvalue) to (%s)',
                pg_temp.repeats_bound()),
            'alter table repeats rename to repeats_history',
            'alter index repeats_pkey rename to repeats_history_pkey',
            'alter table repeats_p rename to repeats',
            'alter index repeats_p_pkey rename to repeats_pkey',
            'alter table repeats rename constraint repeats_p_cell_id_fkey to repeats_cell_id_fkey']);
    end if;
end $$;

-- the partitions of repeats and their ranges of cell ids (lower null: the history's, from the lowest id), for the
-- service and for whoever looks
create or replace view repeat_partitions as
select c.relname::text as name,
       substring(pg_get_expr(c.relpartbound, c.oid) from 'FROM \(''?(\d+)')::bigint as lower_id,
       substring(pg_get_expr(c.relpartbound, c.oid) from 'TO \(''?(\d+)')::bigint as upper_id
from pg_inherits i
join pg_class c on c.oid = i.inhrelid
where i.inhparent = 'repeats'::regclass;
