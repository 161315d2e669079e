create table companies (
  company_id serial primary key,
  name text not null,
  email text,
  mob_no text,
  cntry_code text not null default '+968',
  reg_no text,
  logo_path text,
  created_at timestamptz not null default now()
);
create unique index companies_reg_no_key on companies (lower(reg_no)) where reg_no is not null;

create table users (
  user_id serial primary key,
  role smallint not null check (role between 0 and 3),
  name text not null,
  email text,
  mob_no text,
  cntry_code text not null default '+968',
  password_hash text,
  company_id integer references companies (company_id),
  got_email_mob smallint not null default 0 check (got_email_mob in (0, 1)),
  job_title text,
  profile_path text,
  skills integer[] not null default '{}',
  languages text[] not null default '{}',
  terms_accepted_at timestamptz,
  disabled boolean not null default false,
  created_at timestamptz not null default now()
);
create unique index users_email_key on users (lower(email)) where email is not null;
create unique index users_mob_no_key on users (mob_no) where mob_no is not null;
create index users_company_idx on users (company_id, user_id);

create table sessions (
  token_hash text primary key,
  user_id integer not null references users (user_id) on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
create index sessions_user_idx on sessions (user_id);

create table error_reports (
  report_id serial primary key,
  error_type text not null,
  error_message text not null,
  occurred_at timestamptz,
  line_number integer,
  stack text,
  page_url text,
  browser_info text,
  os_info text,
  user_agent text,
  referrer_url text,
  client_ip text,
  received_at timestamptz not null default now()
);
