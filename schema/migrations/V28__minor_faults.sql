-- Minor page faults per request (payload v2 usage.minorFaultsPerRequest): the faults the target's whole process tree
-- took without I/O over the repeat (/proc/<pid>/stat minflt + cminflt, read by the agent around each repeat as it
-- reads the CPU time) over the repeat's requests; a declared figure (dev.podium.figure.Figure), on the cell as the mean
-- per repeat with its 95% t interval. Null for the runs stored before the agent read it. Nullable columns without a
-- default: no table is rewritten.
alter table repeats add column minor_faults_per_request double precision check (minor_faults_per_request >= 0);

alter table cells add column minor_faults_per_request double precision;
alter table cells add column minor_faults_per_request_ci_low double precision;
alter table cells add column minor_faults_per_request_ci_high double precision;
alter table cells add column minor_faults_per_request_repeats integer;
