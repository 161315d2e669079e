// Rows a server test needs, built by the test itself (issue 9): no test depends on the demo seed's titles or totals.
import type { Queryable } from "../../server/db/db";
import { hash } from "@node-rs/argon2";
import { createSession } from "../../server/lib/auth";

export const PASSWORD = "Secret@123";
const hashes = new Map<string, Promise<string>>();
/**
 * An argon2id hash of `password` for fixture users, made once per test worker. Its cost is the smallest argon2
 * allows (64 KiB, one pass) rather than D9's 19 MiB and two passes: verifying reads the cost from the hash, so each
 * sign-in against a fixture user costs microseconds instead of ~50 ms, through the same verifyPassword. The server's
 * own hashes (registration, reset, codes) keep D9's cost.
 */
export const fixtureHash = (password: string) => {
  let h = hashes.get(password);
  if (!h) hashes.set(password, (h = hash(password, { algorithm: 2 /* Argon2id */, memoryCost: 64, timeCost: 1, parallelism: 1 })));
  return h;
};
/** The hash of PASSWORD every factory user gets. */
export const passwordHash = () => fixtureHash(PASSWORD);

let seq = 0;
const next = () => ++seq;

export interface UserRow {
  user_id: number;
  role: number;
  name: string;
  email: string | null;
  mob_no: string | null;
  cntry_code: string;
  company_id: number | null;
}

/** A user; unique email and number unless given. `password: null` makes an invited account with no password. */
export async function makeUser(
  q: Queryable,
  f: {
    role?: number;
    name?: string;
    email?: string | null;
    mob_no?: string | null;
    cntry_code?: string;
    company_id?: number | null;
    password?: string | null;
    disabled?: boolean;
  } = {},
): Promise<UserRow> {
  const n = next();
  const hash = f.password === null ? null : f.password === undefined ? await passwordHash() : await fixtureHash(f.password);
  const { rows } = await q.query<UserRow>(
    `insert into users (role, name, email, mob_no, cntry_code, password_hash, company_id, got_email_mob, disabled, job_title)
     values ($1, $2, $3, $4, $5, $6, $7, 1, $8, $9)
     returning user_id, role, name, email, mob_no, cntry_code, company_id`,
    [
      f.role ?? 0,
      f.name ?? `User ${n}`,
      f.email === undefined ? `user${n}.${process.pid}@test.om` : f.email,
      f.mob_no === undefined ? `9${String(n).padStart(7, "0")}` : f.mob_no,
      f.cntry_code ?? "+968",
      hash,
      f.company_id ?? null,
      f.disabled ?? false,
      f.role === 1 ? "Technician" : f.role === 2 ? "Manager" : null,
    ],
  );
  return rows[0];
}

export async function makeCompany(q: Queryable, f: { name?: string } = {}): Promise<{ company_id: number; name: string }> {
  const n = next();
  const { rows } = await q.query<{ company_id: number; name: string }>(
    "insert into companies (name, email, mob_no) values ($1, $2, $3) returning company_id, name",
    [f.name ?? `Company ${n}`, `info${n}@company.om`, `24${String(n).padStart(6, "0")}`],
  );
  return rows[0];
}

/** A property of an owner (`owner_id`) and/or run by a company (`company_id`). */
export async function makeProperty(
  q: Queryable,
  f: { owner_id?: number | null; company_id?: number | null; name?: string; city?: string; type?: string; access_notes?: string } = {},
): Promise<{ property_id: number; name: string }> {
  const n = next();
  const { rows } = await q.query<{ property_id: number; name: string }>(
    `insert into properties (owner_id, company_id, name, city, country, lat, lng, type, access_notes)
     values ($1, $2, $3, $4, 'Oman', 23.6, 58.5, $5, $6) returning property_id, name`,
    [f.owner_id ?? null, f.company_id ?? null, f.name ?? `Property ${n}`, f.city ?? "Muscat", f.type ?? "building", f.access_notes ?? ""],
  );
  return rows[0];
}

/** A unit of `property_id`. */
export async function makeUnit(q: Queryable, f: { property_id: number; name?: string }): Promise<{ unit_id: number; name: string; property_id: number }> {
  const n = next();
  const { rows } = await q.query<{ unit_id: number; name: string; property_id: number }>(
    "insert into units (property_id, name) values ($1, $2) returning unit_id, name, property_id",
    [f.property_id, f.name ?? `U${n}`],
  );
  return rows[0];
}

/** A tenancy of `tenant_id` in `unit_id`; `ended: true` makes it a previous one. */
export async function makeTenancy(
  q: Queryable,
  f: { unit_id: number; tenant_id: number; start_date?: string; end_date?: string | null; ended?: boolean },
): Promise<{ tenancy_id: number }> {
  const { rows } = await q.query<{ tenancy_id: number }>(
    "insert into tenancies (unit_id, tenant_id, start_date, end_date, ended_at) values ($1, $2, $3, $4, $5) returning tenancy_id",
    [f.unit_id, f.tenant_id, f.start_date ?? "2025-01-01", f.end_date ?? (f.ended ? "2025-12-31" : null), f.ended ? new Date(Date.UTC(2025, 11, 31)) : null],
  );
  return rows[0];
}

export interface SlotRow {
  date: string;
  time_from: string;
  time_to: string;
}

/**
 * An issue on `property_id` (a new property when absent), with the tenant's availability `slots`. Its stage: `stage`,
 * else what it holds (closed for issue_status 1, accepted with a technician, reported without), as migration 008 does;
 * `tech_slots` the technician's, `visit` the agreed one. It gets its "reported" timeline row.
 */
export async function makeIssue(
  q: Queryable,
  f: {
    property_id?: number;
    unit_id?: number | null;
    creator_id?: number | null;
    assigned_tech_id?: number | null;
    title?: string;
    issue_status?: 0 | 1;
    stage?: string;
    created_at?: Date;
    completed_at?: Date | null;
    category?: number | null;
    slots?: SlotRow[];
    tech_slots?: SlotRow[];
    visit?: SlotRow | null;
  } = {},
): Promise<{ issue_id: number; title: string; property_id: number }> {
  const n = next();
  const property_id = f.property_id ?? (await makeProperty(q)).property_id;
  const stage = f.stage ?? (f.issue_status === 1 ? "closed" : f.assigned_tech_id ? "accepted" : "reported");
  const created = f.created_at ?? new Date(Date.UTC(2026, 0, 1) + n * 60_000);
  const { rows } = await q.query<{ issue_id: number; title: string; property_id: number }>(
    `insert into issues (property_id, creator_id, title, description, stage, assigned_tech_id, created_at, updated_at, unit_id, completed_at, category,
                         visit_date, visit_from, visit_to)
     values ($1, $2, $3, 'Something needs fixing', $4, $5, $6, $6, $7, $8, $9, $10, $11, $12) returning issue_id, title, property_id`,
    [
      property_id,
      f.creator_id ?? null,
      f.title ?? `Issue ${n}`,
      stage,
      f.assigned_tech_id ?? null,
      created,
      f.unit_id ?? null,
      f.completed_at ?? null,
      f.category ?? null,
      f.visit?.date ?? null,
      f.visit?.time_from ?? null,
      f.visit?.time_to ?? null,
    ],
  );
  const id = rows[0].issue_id;
  for (const s of f.slots ?? [])
    await q.query("insert into issue_availability (issue_id, date, time_from, time_to) values ($1, $2, $3, $4)", [id, s.date, s.time_from, s.time_to]);
  for (const s of f.tech_slots ?? [])
    await q.query("insert into issue_tech_slots (issue_id, tech_id, date, time_from, time_to) values ($1, $2, $3, $4, $5)", [
      id,
      f.assigned_tech_id ?? null,
      s.date,
      s.time_from,
      s.time_to,
    ]);
  await q.query("insert into issue_events (issue_id, actor_id, kind, to_stage, created_at) values ($1, $2, 'reported', 'reported', $3)", [
    id,
    f.creator_id ?? null,
    created,
  ]);
  return rows[0];
}

/** A session for `user` (what signing in gives), without the cost of a sign-in. */
export const signIn = (q: Queryable, user: { user_id: number }) => createSession(q, user.user_id);
