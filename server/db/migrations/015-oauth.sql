-- Sign-in with Google or any OpenID Connect provider (issue 14).

-- One row per sign-in started: kept in the database, not in a process, so any server process may answer the
-- callback (D25). The state is stored hashed; the PKCE verifier and the nonce must be sent and compared as they are.
-- browser_hash binds the flow to the browser that started it (the hash of a cookie set by the start), so nobody can
-- hand someone else a callback link that signs them in to the sender's account. A row is used once and lives 10 minutes.
create table oauth_flows (
  flow_id serial primary key,
  state_hash text not null unique,
  browser_hash text not null,
  code_verifier text not null,
  nonce text not null,
  redirect_uri text not null,
  lang text not null default 'en' check (lang in ('en', 'ar')),
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oauth_flows_created_idx on oauth_flows (created_at);

-- Single-use tickets carrying what the provider vouched for: 'session' (from the callback to POST /oauth/session,
-- 5 minutes) and 'register' (from there to a registration, 30 minutes). Stored hashed; the email lower-cased.
create table oauth_tickets (
  ticket_id serial primary key,
  ticket_hash text not null unique,
  purpose text not null check (purpose in ('session', 'register')),
  issuer text not null,
  sub text not null,
  email text not null,
  name text not null default '',
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz
);
create index oauth_tickets_created_idx on oauth_tickets (created_at);

-- The provider's account an account is linked to: it signs in by that link even after its email changed there.
alter table users add column oidc_issuer text;
alter table users add column oidc_sub text;
alter table users add constraint users_oidc_pair check ((oidc_issuer is null) = (oidc_sub is null));
create unique index users_oidc_key on users (oidc_issuer, oidc_sub) where oidc_sub is not null;
