-- Properties, maintenance issues, their media, the tenant's availability and the technician's acknowledgement (SPEC.md section 3, D4).
create table properties (
  property_id serial primary key,
  owner_id integer references users (user_id) on delete set null,
  name text not null,
  -- Free-text address; when empty the structured parts below are shown (SPEC.md section 3 display rule).
  addres text not null default '',
  block text not null default '',
  no text not null default '',
  street text not null default '',
  city text not null default '',
  state text not null default '',
  zipcode text not null default '',
  country text not null default '',
  lat double precision check (lat between -90 and 90),
  lng double precision check (lng between -180 and 180),
  created_at timestamptz not null default now()
);
create index properties_owner_idx on properties (owner_id);

create table property_images (
  image_id serial primary key,
  property_id integer not null references properties (property_id) on delete cascade,
  path text not null,
  position smallint not null default 0
);
create index property_images_property_idx on property_images (property_id, position);

create table issues (
  issue_id serial primary key,
  property_id integer not null references properties (property_id) on delete cascade,
  creator_id integer references users (user_id) on delete set null,
  title text not null,
  -- 1 = apartment, anything else a property (SPEC.md section 2 badge).
  issue_type smallint not null default 1,
  description text not null default '',
  -- 1 = resolved and closed.
  issue_status smallint not null default 0,
  priority smallint not null default 1 check (priority between 0 and 3),
  assigned_tech_id integer references users (user_id) on delete set null,
  acknowledged_at timestamptz,
  acknowledged_by integer references users (user_id) on delete set null,
  created_at timestamptz not null default now()
);
create index issues_tech_idx on issues (assigned_tech_id, issue_status, created_at desc);
create index issues_property_idx on issues (property_id);
create index issues_creator_idx on issues (creator_id);

create table issue_media (
  media_id serial primary key,
  issue_id integer not null references issues (issue_id) on delete cascade,
  kind text not null check (kind in ('image', 'video')),
  file_name text not null,
  path text not null,
  position smallint not null default 0
);
create index issue_media_issue_idx on issue_media (issue_id, position);

-- Slots the tenant offered when reporting the issue.
create table issue_availability (
  slot_id serial primary key,
  issue_id integer not null references issues (issue_id) on delete cascade,
  date date not null,
  time_from time not null,
  time_to time not null,
  check (time_from < time_to)
);
create index issue_availability_issue_idx on issue_availability (issue_id, date, time_from);

-- Slots the technician (or their manager) acknowledged; a new acknowledgement replaces the previous one.
create table issue_tech_slots (
  slot_id serial primary key,
  issue_id integer not null references issues (issue_id) on delete cascade,
  tech_id integer references users (user_id) on delete set null,
  date date not null,
  time_from time not null,
  time_to time not null,
  created_at timestamptz not null default now(),
  check (time_from < time_to)
);
create index issue_tech_slots_issue_idx on issue_tech_slots (issue_id);
