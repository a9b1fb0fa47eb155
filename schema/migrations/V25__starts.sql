-- JVM starts measured in interleaved rounds (issue 39, item 5): a cell's results[].starts, one row per start, so that
-- two cells of one run can be compared paired by round (backend dev.podium.rounds, the verdict engine's
-- Evidence.inRounds). A round gives every target of the run one JVM start, in an order drawn afresh per round: the
-- cells of one run with the same round met the same stretch of the host. figure is the start's own figure, computed at
-- ingest by the service's rule (the trimmed mean of that start's repeats' requests/s, CellStatistics.trimmedMean).
-- Cells stored before, and cells of runs not measured in rounds, have no row.
create table cell_starts (
    cell_id        bigint           not null references cells (id) on delete cascade,
    fork           int              not null check (fork between 0 and 99),       -- the repeats' fork of this start
    round          int              not null check (round between 0 and 9999),
    order_in_round int              not null check (order_in_round between 0 and 9999), -- 0: first start of its round
    started_at     timestamptz      not null,
    figure         double precision not null,
    primary key (cell_id, fork),
    unique (cell_id, round)                                                       -- at most one start a round
);
