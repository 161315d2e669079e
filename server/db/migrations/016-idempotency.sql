-- Idempotency keys, complete (issue 15, D23, D25). A key now names one request: its route, its query string and a
-- sha256 of its body; the same key with other content is refused (422). The database decides who runs a key: the first
-- request inserts the row as 'pending' (with a token of its own) and runs the write; the others with the same key wait
-- for its answer ('done', with status and body) instead of running it again, in whichever server process they land.

-- The query string ('' for none) and the body's sha256 (hex). Null on rows stored before this migration, which are
-- then compared by route only (they are gone within 24 hours).
alter table idempotency_keys add column query text;
alter table idempotency_keys add column body_hash text;
-- Rows stored before were all answers.
alter table idempotency_keys add column state text not null default 'done' check (state in ('pending', 'done'));
alter table idempotency_keys alter column state drop default;
-- Names the request that runs a pending key: only it stores the answer or drops the row.
alter table idempotency_keys add column token text;
-- A pending row has no answer yet; a done row has both.
alter table idempotency_keys alter column status drop not null;
alter table idempotency_keys alter column body drop not null;
alter table idempotency_keys add constraint idempotency_keys_answer_check check (state = 'pending' or (status is not null and body is not null));
