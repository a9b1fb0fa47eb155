-- The host on record per repeat (payload v2 repeats[].stealShare, targetCpuShare, stealRetries; issue 39 item 3): the
-- share of the machine's CPU time the hypervisor gave to others over the repeat (steal), how busy the target kept its
-- CPUs (its CPU time over wall time x the cell's vCPUs), and the tries of the repeat the agent discarded before it for
-- losing more than 5% to steal. Null for v1 runs and the v2 runs stored before the agent kept them (and steal_retries
-- for a repeat measured at its first try).
alter table repeats add column steal_share double precision check (steal_share between 0 and 1);
alter table repeats add column target_cpu_share double precision check (target_cpu_share between 0 and 1);
alter table repeats add column steal_retries integer check (steal_retries >= 1);
