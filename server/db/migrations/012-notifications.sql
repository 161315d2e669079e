-- Notifications (issue 13, D22): one row per recipient of each event of an issue. The app writes the sentence from
-- `kind` and `params` (the issue's title, the actor's name, the visit, a reason) in the user's language; the delivery
-- worker (server/push/worker.ts) sends the rows whose push_state or mail_state is 'pending' and marks them.
create table notifications (
  notification_id serial primary key,
  user_id integer not null references users (user_id) on delete cascade,
  kind text not null check (kind in ('reported', 'assigned', 'offer', 'accepted', 'declined', 'slots_proposed', 'scheduled',
    'rescheduled', 'reminder_24h', 'reminder_1h', 'on_the_way', 'completed', 'confirmed', 'reopened', 'cancelled', 'comment',
    'invitation', 'not_accepted')),
  issue_id integer references issues (issue_id) on delete cascade,
  params jsonb not null default '{}',
  created_at timestamptz not null default now(),
  read_at timestamptz,
  push_state text not null default 'none' check (push_state in ('none', 'pending', 'sent', 'failed')),
  mail_state text not null default 'none' check (mail_state in ('none', 'pending', 'sent', 'failed'))
);
create index notifications_user_idx on notifications (user_id, created_at desc, notification_id desc);
create index notifications_unread_idx on notifications (user_id) where read_at is null;
-- What the delivery worker looks for.
create index notifications_push_pending_idx on notifications (notification_id) where push_state = 'pending';
create index notifications_mail_pending_idx on notifications (notification_id) where mail_state = 'pending';

-- A user's choice per kind and channel; no row means both channels on (mail only ever for the mail kinds).
create table notification_settings (
  user_id integer not null references users (user_id) on delete cascade,
  kind text not null,
  push boolean not null default true,
  mail boolean not null default true,
  primary key (user_id, kind)
);

-- The language the user reads the app in ('en' or 'ar'): push and mail are written in it. Kept from the
-- Accept-Language of the app's notification calls (server/notifications/routes.ts).
alter table users add column language text not null default 'en' check (language in ('en', 'ar'));
