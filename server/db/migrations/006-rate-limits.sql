-- Rate-limit counters (D9, D25): in the database, so every server process behind a load balancer counts the same hits.
-- One row per limit and key: a fixed window (window_start .. expires_at) and its count; a sign-in backoff row also
-- holds the time its pair of account and address may try again. Rows past expires_at are purged (purgeRateLimits).
create table rate_limits (
  key text primary key,
  window_start timestamptz not null,
  expires_at timestamptz not null,
  count integer not null,
  blocked_until timestamptz
);
create index rate_limits_expires_idx on rate_limits (expires_at)
