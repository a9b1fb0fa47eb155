-- Forks (issue 25): a cell may be measured over several JVM starts. Each repeat records its start (fork, from 0; every
-- repeat stored before this is of a one-start cell: 0), each cell how many starts its figure and interval rest on
-- (forks) and how far the starts' means lie apart (rps_fork_cv: the sample standard deviation of the starts' mean
-- requests/s over their mean; null with one start), and what its warm-up was (warmup: full or check; null when the
-- payload does not say, as before issue 24). Constant defaults: PostgreSQL adds these columns without rewriting rows.
alter table repeats add column fork integer not null default 0 check (fork between 0 and 99);
alter table cells add column forks integer not null default 1 check (forks between 1 and 100);
alter table cells add column rps_fork_cv double precision;
alter table cells add column warmup text check (warmup in ('full', 'check'));
-- The interval of a cell with several starts is the t interval over the starts' means: rps_ci_method t-forks.
alter table cells drop constraint cells_rps_ci_method_check;
alter table cells add constraint cells_rps_ci_method_check check (rps_ci_method in ('t', 't-forks'));
