-- Scale-out (payload v2 results[].topology): single is one instance of the target; nginx-N is N instances behind the
-- run's balancer, the cell's vcpus being the total of theirs. Part of a cell's identity wherever figures are grouped,
-- like vcpus. Every cell stored before this migration ran one instance: 'single'.
alter table cells add column topology text not null default 'single'
    check (topology ~ '^(single|nginx-[1-9][0-9]?)$');

-- The balancer's CPU time per repeat of a scale-out cell (usage.balancerCpu*Seconds); null otherwise.
alter table repeats add column balancer_cpu_user_seconds double precision check (balancer_cpu_user_seconds >= 0);
alter table repeats add column balancer_cpu_system_seconds double precision check (balancer_cpu_system_seconds >= 0);

-- A change point belongs to one series, and a series to one topology.
alter table change_points add column topology text not null default 'single';
