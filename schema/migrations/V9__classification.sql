-- The target's classification from suite.json (payload v2 results[].classification): the leaderboard filters on it.
-- Null for v1 runs and v2 runs without it.
alter table cells add column classification text
    check (classification in ('bare-server', 'micro', 'full-stack'));
