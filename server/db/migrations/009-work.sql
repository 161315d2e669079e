-- The job lifecycle and the e-receipt (issue 12, LOOP.md section 2): when the work started, whether it is on hold
-- (a flag beside the stage, not a stage of its own), the work report with its parts and extra costs, after-photos,
-- the company's hourly rate, and numbered receipts. Amounts are integers in the minor units of the currency of the
-- property's country (src/contract/money.ts): baisa, fils, halala, dirham-fils, dirham.

alter table issues add column started_at timestamptz;
-- Set while the work is on hold (with the reason of the hold); null when it is not.
alter table issues add column held_at timestamptz;
alter table issues add column hold_reason text;

-- Photos of the report ('before') or of the finished work ('after', uploaded by the technician to complete).
alter table issue_media add column phase text not null default 'before' check (phase in ('before', 'after'));

-- Labour per hour in the minor units of the currency the company's properties use: 10000 is 10.000 OMR (or 100.00 AED).
alter table companies add column hourly_rate integer not null default 10000 check (hourly_rate >= 0);

-- One work report per issue; a reopened repair completed again replaces it.
create table work_reports (
  issue_id integer primary key references issues (issue_id) on delete cascade,
  tech_id integer references users (user_id) on delete set null,
  notes text not null,
  minutes integer not null check (minutes between 1 and 1440),
  follow_up boolean not null default false,
  occupant_damage boolean not null default false,
  created_at timestamptz not null default now()
);

create table work_report_parts (
  part_id serial primary key,
  issue_id integer not null references work_reports (issue_id) on delete cascade,
  position smallint not null default 0,
  name text not null,
  qty integer not null check (qty between 1 and 999),
  unit_price bigint not null check (unit_price >= 0)
);
create index work_report_parts_issue_idx on work_report_parts (issue_id, position);

create table work_report_costs (
  cost_id serial primary key,
  issue_id integer not null references work_reports (issue_id) on delete cascade,
  position smallint not null default 0,
  label text not null,
  amount bigint not null check (amount >= 0)
);
create index work_report_costs_issue_idx on work_report_costs (issue_id, position);

-- Receipts, numbered per company (issuer 0: no company) from 1, made on the first request after completion; the rate
-- and tax they were made with stay, so a receipt reads the same every time it is opened.
create table receipt_counters (
  issuer integer primary key,
  last_no integer not null
);
create table receipts (
  issue_id integer primary key references issues (issue_id) on delete cascade,
  issuer integer not null,
  receipt_no integer not null,
  issued_at timestamptz not null,
  currency text not null,
  hourly_rate integer not null,
  vat_bp integer not null,
  unique (issuer, receipt_no)
);
