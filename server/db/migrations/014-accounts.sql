-- The account area (issue 14, LOOP.md sections 3 and 4): a technician's "taking jobs now", deleted accounts, contact
-- changes that wait for their code, and messages to support.

-- Off: no new job reaches the technician (GET /issue/candidates and offers leave them out).
alter table users add column taking_jobs boolean not null default true;
-- Set when the person deleted their account: the row stays (issues, work reports and receipts point at it), its
-- personal data is gone and it is disabled.
alter table users add column deleted_at timestamptz;

-- A new email or mobile number waiting for the code sent to it (kind email or mobile; nothing changes on the account
-- until the code is entered), or the code that confirms deleting the account (kind delete; value is where it went).
-- One pending row per account and kind: a new one voids the previous. The code is stored hashed (argon2id), lives
-- 10 minutes, dies after 5 wrong tries and is used once (D9).
create table contact_changes (
  change_id serial primary key,
  user_id integer not null references users (user_id) on delete cascade,
  kind text not null check (kind in ('email', 'mobile', 'delete')),
  -- The email (lower-cased), the mobile number in E.164 (+96891234567), or for kind delete the address the code went to.
  value text not null,
  -- Kind mobile: the dial code and national number to store (D16).
  cntry_code text,
  mob_no text,
  code_hash text not null,
  attempts smallint not null default 0,
  created_at timestamptz not null,
  expires_at timestamptz not null,
  used_at timestamptz,
  voided_at timestamptz,
  check (kind <> 'mobile' or (cntry_code is not null and mob_no is not null))
);
create index contact_changes_user_idx on contact_changes (user_id, kind, change_id desc);
create index contact_changes_created_idx on contact_changes (created_at);

-- POST /support/contact: kept here and mailed to SUPPORT_EMAIL with the sender's name, role, email and mobile. Only the
-- account is kept beside the text, so deleting the account also removes who wrote it.
create table support_messages (
  message_id serial primary key,
  user_id integer references users (user_id) on delete set null,
  subject text not null default '',
  message text not null,
  created_at timestamptz not null default now()
);
create index support_messages_user_idx on support_messages (user_id, created_at desc);
