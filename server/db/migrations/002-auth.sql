-- Accounts (issue 3): password recovery requests, the mail outbox, and sign-in by dial code + number.

-- One row per forgot-password call, also for emails with no account (user_id null), so that the cooldown,
-- the hourly cap and the answers are the same whether the email exists (D9). Codes and tokens are stored hashed.
create table password_resets (
  reset_id serial primary key,
  email text not null,
  user_id integer references users (user_id) on delete cascade,
  code_hash text not null,
  attempts smallint not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  voided_at timestamptz,
  token_hash text,
  token_expires_at timestamptz,
  token_used_at timestamptz
);
create index password_resets_email_idx on password_resets (email, created_at desc);
create index password_resets_created_idx on password_resets (created_at);
create unique index password_resets_token_key on password_resets (token_hash) where token_hash is not null;

-- Without SMTP_URL every mail lands here (and in the server log), so a demo can finish recovery (D9).
create table outbox (
  mail_id serial primary key,
  recipient text not null,
  subject text not null,
  body text not null,
  created_at timestamptz not null default now()
);
create index outbox_recipient_idx on outbox (lower(recipient), mail_id desc);

-- Sign-in with "96891000002": dial code digits followed by the number.
create index users_full_mob_idx on users ((ltrim(cntry_code, '+') || mob_no));
