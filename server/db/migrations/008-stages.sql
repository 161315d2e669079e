-- Stages of an issue (issue 11, LOOP.md section 2, D20): the stage and what the report holds (category, emergency,
-- presence), the agreed visit, completion, closing, cancellation and rating; the timeline (issue_events, which also
-- holds comments); private uploads of issue media (D21). Every existing row stays and gets the stage that matches what
-- it holds; `issue_status` becomes a column Postgres derives from the stage, so it can never disagree with it.

alter table issues add column stage text not null default 'reported'
  check (stage in ('reported', 'assigned', 'accepted', 'proposed', 'scheduled', 'in_progress', 'completed', 'closed', 'cancelled'));
-- One of the 33 skills (src/data/skills.ts); null for issues reported before categories.
alter table issues add column category smallint check (category between 1 and 33);
alter table issues add column emergency boolean not null default false;
alter table issues add column presence text check (presence in ('may_enter', 'present'));
-- The agreed visit, set when the issue is scheduled.
alter table issues add column visit_date date;
alter table issues add column visit_from time;
alter table issues add column visit_to time;
alter table issues add constraint issues_visit_check check (
  (visit_date is null and visit_from is null and visit_to is null) or (visit_date is not null and visit_from is not null and visit_to is not null and visit_from < visit_to));
alter table issues add column completed_at timestamptz;
alter table issues add column closed_at timestamptz;
alter table issues add column cancel_reason text;
alter table issues add column rating smallint check (rating between 1 and 5);
alter table issues add column rating_comment text;
alter table issues add column updated_at timestamptz not null default now();

-- Existing issues: closed stays closed; acknowledged with tenant slots was the chosen slot (scheduled, that visit);
-- acknowledged without tenant slots waits for the tenant to pick (proposed); open with a technician can still be
-- acknowledged as before (accepted); without a technician it waits for one (reported).
update issues i set
  stage = case
    when i.issue_status = 1 then 'closed'
    when i.assigned_tech_id is null then 'reported'
    when i.acknowledged_at is not null and exists (select 1 from issue_tech_slots s where s.issue_id = i.issue_id)
      then case when exists (select 1 from issue_availability a where a.issue_id = i.issue_id) then 'scheduled' else 'proposed' end
    else 'accepted'
  end,
  emergency = i.priority = 3,
  updated_at = coalesce(i.acknowledged_at, i.created_at);

update issues i set visit_date = s.date, visit_from = s.time_from, visit_to = s.time_to
  from (select distinct on (issue_id) issue_id, date, time_from, time_to from issue_tech_slots order by issue_id, date, time_from, slot_id) s
 where s.issue_id = i.issue_id and i.stage = 'scheduled';

-- 0 open, 1 closed (SPEC.md), derived: completed, closed and cancelled are 1. Dropping the old column drops its index.
alter table issues drop column issue_status;
alter table issues add column issue_status smallint generated always as (case when stage in ('completed', 'closed', 'cancelled') then 1 else 0 end) stored;
create index issues_tech_idx on issues (assigned_tech_id, issue_status, created_at desc);
create index issues_stage_idx on issues (stage, created_at desc);
-- The automatic close looks only at completed issues.
create index issues_completed_idx on issues (completed_at) where stage = 'completed';

-- The timeline: every move (kind = the move's name, "reported", "acknowledge", "auto_close") and every comment
-- (kind "comment", its text in note). actor_id is null for what the server did by itself.
create table issue_events (
  event_id serial primary key,
  issue_id integer not null references issues (issue_id) on delete cascade,
  actor_id integer references users (user_id) on delete set null,
  kind text not null,
  from_stage text,
  to_stage text,
  note text,
  created_at timestamptz not null default now()
);
create index issue_events_issue_idx on issue_events (issue_id, created_at, event_id);

insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, created_at)
select issue_id, creator_id, 'reported', null, 'reported', created_at from issues order by issue_id;
insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, created_at)
select issue_id, acknowledged_by, 'acknowledge', 'accepted', stage, acknowledged_at from issues
 where stage in ('scheduled', 'proposed') and acknowledged_at is not null order by issue_id;

-- Uploads (D21): stored under a random key and served only through signed links; rows from before keep their public
-- path and no key. event_id: the photo belongs to that comment.
alter table issue_media add column event_id integer references issue_events (event_id) on delete cascade;
alter table issue_media add column storage_key text;
alter table issue_media add column content_type text;
alter table issue_media add column size integer;
alter table issue_media add column uploader_id integer references users (user_id) on delete set null;
alter table issue_media add column created_at timestamptz not null default now();
create index issue_media_event_idx on issue_media (event_id) where event_id is not null;
