-- JVM mode as an axis (issue 28 item 4): a cell measured as the target starts by itself (default) or from the
-- ahead-of-time cache a training run of the same target wrote (aot-cache, JDK 25's JEPs 483/514/515), with the flags
-- the mode added (results[].jvmModeFlags) and its training run (results[].aotTraining: its time, the cache's size,
-- and why the cell's JVM ran without the cache when it did: flag aot-cache-not-used). The mode is part of a cell's
-- identity like the I/O model and the topology: every answer reads one mode (default unless asked), and a series of
-- change points is one mode's. Cells stored before are default (the payloads before it have no jvmMode).
alter table cells
    add column jvm_mode             text not null default 'default' check (jvm_mode in ('default', 'aot-cache')),
    add column jvm_mode_flags       text[],            -- null in the default mode
    add column aot_training_seconds double precision,  -- aot-cache cells only
    add column aot_cache_bytes      bigint,            -- null when no cache was written
    add column aot_problem          text;              -- why the JVM ran without the cache; null when it used it

alter table change_points
    add column jvm_mode text not null default 'default';
