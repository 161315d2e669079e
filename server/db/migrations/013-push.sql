-- Web Push and reminders (issue 13, D22). A browser that allowed notifications leaves its push subscription here (one
-- row per endpoint: the same browser signing in as someone else takes the row over); the delivery worker sends each
-- pending notification to every subscription of its user and drops those the push service says are gone (404/410).
create table push_subscriptions (
  subscription_id serial primary key,
  user_id integer not null references users (user_id) on delete cascade,
  endpoint text not null unique,
  p256dh text not null,
  auth text not null,
  created_at timestamptz not null default now()
);
create index push_subscriptions_user_idx on push_subscriptions (user_id);

-- Reminders are due rows (D22): 24 h and 1 h before a scheduled visit, and "not accepted" 4 h after an assignment. A
-- worker takes each once (taken_at, FOR UPDATE SKIP LOCKED), whatever the number of servers and across restarts.
create table reminders (
  reminder_id serial primary key,
  issue_id integer not null references issues (issue_id) on delete cascade,
  kind text not null check (kind in ('reminder_24h', 'reminder_1h', 'not_accepted')),
  due_at timestamptz not null,
  taken_at timestamptz,
  -- What the reminder was made for: the visit ("YYYY-MM-DD HH:MM") or the assigned technician; when the issue no
  -- longer matches at the due time, the reminder is dropped instead of sent.
  visit text,
  tech_id integer,
  unique (issue_id, kind, due_at)
);
create index reminders_due_idx on reminders (due_at) where taken_at is null;

