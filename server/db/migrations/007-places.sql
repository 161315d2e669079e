-- Places (issue 10, LOOP.md section 1, D19, D21): a property's type, access notes and managing company; its units,
-- tenancies, photos and documents; invitations of new tenants; the server's own secrets. Every existing row stays:
-- each existing property gets one unit, and its issues are attached to that unit.

alter table properties add column type text not null default 'building' check (type in ('building', 'villa', 'townhouse', 'office'));
alter table properties add column access_notes text not null default '';
-- The company that runs the property; null: the owner runs it.
alter table properties add column company_id integer references companies (company_id) on delete set null;
alter table properties add column created_by integer references users (user_id) on delete set null;
create index properties_company_idx on properties (company_id);

-- Names are unique per owner and per company, case-insensitive (D19). Rows that would clash (none are expected: no
-- call made properties before) keep their data and get their id appended, so the indexes can be built.
update properties p set name = p.name || ' (' || p.property_id || ')'
 where exists (select 1 from properties o where o.owner_id = p.owner_id and lower(o.name) = lower(p.name) and o.property_id < p.property_id);
create unique index properties_owner_name_key on properties (owner_id, lower(name)) where owner_id is not null;
create unique index properties_company_name_key on properties (company_id, lower(name)) where company_id is not null;

create table units (
  unit_id serial primary key,
  property_id integer not null references properties (property_id) on delete cascade,
  name text not null,
  created_at timestamptz not null default now()
);
create unique index units_property_name_key on units (property_id, lower(name));

create table tenancies (
  tenancy_id serial primary key,
  unit_id integer not null references units (unit_id) on delete cascade,
  tenant_id integer not null references users (user_id) on delete cascade,
  start_date date not null,
  end_date date,
  -- Set when the tenancy is ended: it then shows among the previous tenants.
  ended_at timestamptz,
  created_by integer references users (user_id) on delete set null,
  created_at timestamptz not null default now()
);
-- One current tenancy per unit.
create unique index tenancies_current_key on tenancies (unit_id) where ended_at is null;
create index tenancies_tenant_idx on tenancies (tenant_id);

create table property_files (
  file_id serial primary key,
  property_id integer not null references properties (property_id) on delete cascade,
  kind text not null check (kind in ('photo', 'document')),
  name text,
  storage_key text not null,
  content_type text not null,
  size integer not null,
  position integer not null default 0,
  created_at timestamptz not null default now()
);
create index property_files_property_idx on property_files (property_id, kind, position);

-- The one-time link a new tenant opens (LOOP.md section 1): 128 random bits, stored hashed, 7 days, used once.
create table invitations (
  token_hash text primary key,
  user_id integer not null references users (user_id) on delete cascade,
  invited_by integer references users (user_id) on delete set null,
  tenancy_id integer references tenancies (tenancy_id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at timestamptz
);
create index invitations_user_idx on invitations (user_id);

-- Secrets the server makes at first start (the HMAC key of signed file links), shared by every process (D25).
create table server_secrets (
  name text primary key,
  value text not null,
  created_at timestamptz not null default now()
);

alter table issues add column unit_id integer references units (unit_id) on delete set null;
create index issues_unit_idx on issues (unit_id);

-- Existing properties: one unit each ("1"), and their issues about it.
insert into units (property_id, name) select property_id, '1' from properties;
update issues i set unit_id = u.unit_id from units u where u.property_id = i.property_id;

-- Idempotency keys (D23): a write sent again with the same key (a retried upload whose answer was lost) gets the first
-- answer back instead of being done twice. Kept 24 hours (server/db/purge.ts).
create table idempotency_keys (
  user_id integer not null references users (user_id) on delete cascade,
  key text not null,
  route text not null,
  status smallint not null,
  body jsonb not null,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
