-- Limits shared by every replica on this database (issue 29): one row per limited name, changed by one atomic
-- statement each, so that N replicas together allow what one would. Token buckets (the per-address write limit,
-- name 'write:<address>'; the per-key run limit, 'key:<keyid>'): amount is the tokens left at `at`, granted whether
-- the last take got one. The failed admin-token window ('admin:<address>'): amount is the failures counted since
-- `at`, the window's start. A row untouched for a minute means the same as no row (a full bucket, an expired
-- window), so the service deletes such rows from time to time; nothing here is data to keep.
create table rate_limits (
    name    text primary key,
    amount  double precision not null,
    at      timestamptz not null,
    granted boolean not null default false
);
