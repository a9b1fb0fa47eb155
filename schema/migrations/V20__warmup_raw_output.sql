-- The warm-up curve and the load generator's raw output (issue 28, items 3 and 5). Every window of a cell's warm-up
-- as the payload carries it (results[].warmupWindows: seconds, requestsPerSecond, jitShare, fork), the time to 95% of
-- the cell's steady state derived from them at ingest (docs/methodology.md, "Time to peak"), and the load generator's
-- own output (results[].rawOutput) as the gzip stream the payload's base64 holds, one row per cell that has one, kept
-- out of the cells rows that every read query scans. Cells stored before have none of them (null, no row).
alter table cells
    add column warmup_windows       jsonb,             -- the payload's warmupWindows array, null when it has none
    add column time_to_peak_seconds double precision;  -- null: no full warm-up measured, open loop, or stored before

create table cell_raw_outputs (
    cell_id bigint primary key references cells (id) on delete cascade,
    gzip    bytea  not null check (octet_length(gzip) between 18 and 196608) -- 192 KiB: the schema's 256 KiB of base64
);
