-- A run's envelope deflated (zlib) by the service: the verbatim column (base64 JSON, storage external since V1, so not
-- compressed at all) was 63% of the database at 2M repeat rows (docs/architecture.md). New runs are stored deflated,
-- once inflating has given the request body back byte for byte (dev.podium.envelope.StoredEnvelope); the runs stored
-- before this migration keep their verbatim envelope until the service converts them, one run per transaction, in the
-- background (dev.podium.envelope.EnvelopeCompression). Exactly one of the two columns is set.
-- Nothing here rewrites the table: the new column and the dropped NOT NULL are catalog changes, and the check reads
-- the runs' rows once without their out-of-line envelopes (about 60,000 rows at 100M repeat rows).
alter table runs alter column envelope drop not null;

alter table runs add column envelope_deflated bytea;

-- already compressed: kept out of line as it is, never pglz'd again
alter table runs alter column envelope_deflated set storage external;

alter table runs add constraint runs_envelope_one_form check ((envelope is null) <> (envelope_deflated is null));
