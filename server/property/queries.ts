// SQL of the places area: properties, units, tenancies, files, invitations. Who sees what comes from ./access.ts.
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";
import { type PropertyAccess, RELATION_SQL, type Relation, VISIBLE_ISSUE_SQL, VISIBLE_UNIT_SQL, relationParams } from "./access";

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;

/** SPEC.md's structured address (`addrs`) of the property `p`, as a JSON object: the app writes it (src/lib/address.ts). */
export const ADDRS_JSON = `json_build_object('block', p.block, 'no', p.no, 'street', p.street, 'city', p.city, 'state', p.state, 'zipcode', p.zipcode, 'country', p.country)`;

/** One row of the list and the head of the property page; `r.relation` and $1..$3 as RELATION_SQL. */
const SUMMARY_COLUMNS = `
  p.property_id, p.name, p.type, p.addres,
  ${ADDRS_JSON} as addrs,
  case when p.lat is null or p.lng is null then null else json_build_object('lat', p.lat, 'lng', p.lng) end as location,
  coalesce((select json_agg(json_build_object('path', pi.path) order by pi.position, pi.image_id) from property_images pi where pi.property_id = p.property_id), '[]'::json) as legacy_images,
  (select count(*)::int from units u where u.property_id = p.property_id and ${VISIBLE_UNIT_SQL}) as units_count,
  (select count(*)::int from issues i where i.property_id = p.property_id and i.issue_status = 0 and ${VISIBLE_ISSUE_SQL}) as open_issues,
  case when c.company_id is null then null else json_build_object('company_id', c.company_id, 'name', c.name) end as company,
  r.relation, p.owner_id, p.company_id, p.access_notes, ow.name as owner_name`;

const FROM_VISIBLE = `
  from properties p
  cross join lateral (select ${RELATION_SQL} as relation) r
  left join companies c on c.company_id = p.company_id
  left join users ow on ow.user_id = p.owner_id
  where r.relation is not null`;

export interface SummaryRow {
  property_id: number;
  name: string;
  type: string;
  addres: string;
  addrs: Record<string, string>;
  location: { lat: number; lng: number } | null;
  legacy_images: { path: string }[];
  units_count: number;
  open_issues: number;
  company: { company_id: number; name: string } | null;
  relation: Relation;
  owner_id: number | null;
  company_id: number | null;
  access_notes: string;
  owner_name: string | null;
}

/** Escapes LIKE's wildcards so a search for "50%" finds "50%". */
const likeText = (s: string) => `%${s.toLowerCase().replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/** A page of the properties the caller may see, names matching `q`; and how many there are. */
export async function listProperties(q: Queryable, u: AuthUser, search: string, limit: number, offset: number) {
  const params: unknown[] = relationParams(u);
  let where = "";
  if (search) {
    params.push(likeText(search));
    where = ` and lower(p.name) like $${params.length}`;
  }
  const total = await q.query<{ n: number }>(`select count(*)::int as n ${FROM_VISIBLE}${where}`, params);
  const rows = await q.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} ${FROM_VISIBLE}${where} order by lower(p.name), p.property_id limit ${limit} offset ${offset}`,
    params,
  );
  return { total: total.rows[0].n, rows: rows.rows };
}

/** One property the caller may see, by id or by name (D19; a name shared across owners: the caller's own first). */
export async function findProperty(q: Queryable, u: AuthUser, by: { property_id: number } | { name: string }): Promise<SummaryRow | null> {
  const params: unknown[] = relationParams(u);
  let where: string;
  if ("property_id" in by) {
    params.push(by.property_id);
    where = `p.property_id = $${params.length}`;
  } else {
    params.push(by.name.trim().toLowerCase());
    where = `lower(p.name) = $${params.length}`;
  }
  const { rows } = await q.query<SummaryRow>(
    `select ${SUMMARY_COLUMNS} ${FROM_VISIBLE} and ${where}
      order by array_position(array['owner', 'manager', 'tenant', 'technician'], r.relation), p.property_id desc limit 1`,
    params,
  );
  return rows[0] ?? null;
}

/** What writes check: the property and the caller's relation, or null when they may not see it. `lock` serialises writes. */
export async function propertyAccess(q: Queryable, u: AuthUser, propertyId: number, lock = false): Promise<PropertyAccess | null> {
  if (lock) await q.query("select 1 from properties where property_id = $1 for update", [propertyId]);
  const { rows } = await q.query<PropertyAccess>(
    `select p.property_id, p.name, p.owner_id, p.company_id, r.relation
       from properties p cross join lateral (select ${RELATION_SQL} as relation) r
      where p.property_id = $4 and r.relation is not null`,
    [...relationParams(u), propertyId],
  );
  return rows[0] ?? null;
}

export interface UnitRow {
  unit_id: number;
  name: string;
  open_issues: number;
  tenancy_id: number | null;
  tenant_id: number | null;
  tenant_name: string | null;
  cntry_code: string | null;
  mob_no: string | null;
  email: string | null;
  start_date: string | null;
  end_date: string | null;
  mine_now: boolean;
  /** The tenant has set a password (or had one): they signed in, or can; false while their invitation waits. */
  joined: boolean;
}

/** The units of a property the caller sees, each with its current tenancy (who may see the tenant: access.ts). */
export async function visibleUnits(q: Queryable, u: AuthUser, propertyId: number, relation: Relation): Promise<UnitRow[]> {
  const { rows } = await q.query<UnitRow>(
    `select u.unit_id, u.name,
            (select count(*)::int from issues i where i.unit_id = u.unit_id and i.issue_status = 0 and ${VISIBLE_ISSUE_SQL}) as open_issues,
            t.tenancy_id, t.tenant_id, tu.name as tenant_name, tu.cntry_code, tu.mob_no, tu.email,
            to_char(t.start_date, 'YYYY-MM-DD') as start_date, to_char(t.end_date, 'YYYY-MM-DD') as end_date,
            coalesce(t.tenant_id = $1, false) as mine_now, tu.password_hash is not null as joined
       from units u
       cross join (select $4::text as relation, $2::int as role, $3::int as company) r
       left join tenancies t on t.unit_id = u.unit_id and t.ended_at is null
       left join users tu on tu.user_id = t.tenant_id
      where u.property_id = $5 and ${VISIBLE_UNIT_SQL}
      order by length(u.name), lower(u.name), u.unit_id`,
    [...relationParams(u), relation, propertyId],
  );
  return rows;
}

export interface FileRow {
  file_id: number;
  kind: "photo" | "document";
  name: string | null;
  storage_key: string;
  content_type: string;
  size: number;
}

export async function propertyFiles(q: Queryable, propertyIds: number[]): Promise<(FileRow & { property_id: number })[]> {
  if (!propertyIds.length) return [];
  const { rows } = await q.query<FileRow & { property_id: number }>(
    `select file_id, property_id, kind, name, storage_key, content_type, size from property_files
      where property_id = any($1::int[]) order by position, file_id`,
    [propertyIds],
  );
  return rows;
}

/** The newest issues of a property the caller sees (its history on the property page). */
export async function visibleIssues(q: Queryable, u: AuthUser, propertyId: number, relation: Relation) {
  const { rows } = await q.query<{
    issue_id: number;
    title: string;
    issue_status: number;
    created_at: string;
    unit_id: number | null;
    stage: string;
    held: boolean;
  }>(
    `select i.issue_id, i.title, i.issue_status, to_char(i.created_at at time zone 'UTC', ${ISO}) as created_at, i.unit_id, i.stage,
            i.held_at is not null as held
       from issues i cross join (select $4::text as relation, $2::int as role, $3::int as company) r
      where i.property_id = $5 and ${VISIBLE_ISSUE_SQL}
      order by i.created_at desc, i.issue_id desc limit 20`,
    [...relationParams(u), relation, propertyId],
  );
  return rows;
}

/** Open issues of a property, or of one unit. */
export async function openIssueCount(q: Queryable, where: { property_id: number } | { unit_id: number }): Promise<number> {
  const [col, id] = "property_id" in where ? ["property_id", where.property_id] : ["unit_id", where.unit_id];
  const { rows } = await q.query<{ n: number }>(`select count(*)::int as n from issues where ${col} = $1 and issue_status = 0`, [id]);
  return rows[0].n;
}

/** A unit with its property, for writes on the unit. */
export async function unitById(q: Queryable, unitId: number) {
  const { rows } = await q.query<{ unit_id: number; property_id: number; name: string }>("select unit_id, property_id, name from units where unit_id = $1", [
    unitId,
  ]);
  return rows[0] ?? null;
}

/** Adds units; a name the property already has (any case) answers 409 naming `units`. */
export async function insertUnits(q: Queryable, propertyId: number, names: string[]) {
  const taken = await q.query<{ name: string }>("select name from units where property_id = $1 and lower(name) = any($2::text[])", [
    propertyId,
    names.map((n) => n.toLowerCase()),
  ]);
  if (taken.rows.length) {
    const detail = msg("unitTaken", { name: taken.rows[0].name });
    throw new HttpError(409, detail, { units: detail });
  }
  const { rows } = await q.query<{ unit_id: number; name: string }>(
    "insert into units (property_id, name) select $1, n from unnest($2::text[]) with ordinality as x(n, o) order by o returning unit_id, name",
    [propertyId, names],
  );
  return rows;
}

/** 409 naming `name` when the owner or company already has a property of that name (any case), `except` aside. */
export async function assertNameFree(q: Queryable, name: string, owner: { owner_id: number | null; company_id: number | null }, except = 0) {
  const { rows } = await q.query(
    `select 1 from properties where lower(name) = lower($1) and property_id <> $4
        and ((owner_id is not null and owner_id = $2) or (company_id is not null and company_id = $3))`,
    [name, owner.owner_id, owner.company_id, except],
  );
  if (rows.length) throw nameTaken();
}

export const nameTaken = () => new HttpError(409, msg("propertyNameTaken"), { name: msg("propertyNameTaken") });

/** Storage keys of a property's files and of its issues' uploads (to delete the stored files after their rows go). */
export async function fileKeys(q: Queryable, where: { property_id: number }): Promise<string[]> {
  const { rows } = await q.query<{ storage_key: string }>(
    `select storage_key from property_files where property_id = $1
     union all
     select m.storage_key from issue_media m join issues i on i.issue_id = m.issue_id where i.property_id = $1 and m.storage_key is not null`,
    [where.property_id],
  );
  return rows.map((r) => r.storage_key);
}

export interface PrevRow {
  tenancy_id: number;
  property_id: number;
  property_name: string;
  unit_id: number;
  unit_name: string;
  tenant_name: string;
  start_date: string | null;
  end_date: string | null;
  issues_count: number;
}

/**
 * Ended tenancies the caller sees: all of the properties they own or their company runs, and their own as a tenant
 * (a tenant sees their own earlier homes, never the others of a building).
 */
export async function prevTenancies(q: Queryable, u: AuthUser, propertyId: number | null, limit: number, offset: number) {
  const params: unknown[] = [u.user_id, u.role, u.company_id ?? -1];
  let where = `t.ended_at is not null and (p.owner_id = $1 or ($2 = 2 and p.company_id = $3) or t.tenant_id = $1)`;
  if (propertyId !== null) {
    params.push(propertyId);
    where += ` and p.property_id = $${params.length}`;
  }
  const from = `from tenancies t join units un on un.unit_id = t.unit_id join properties p on p.property_id = un.property_id join users tu on tu.user_id = t.tenant_id where ${where}`;
  const total = await q.query<{ n: number }>(`select count(*)::int as n ${from}`, params);
  const { rows } = await q.query<PrevRow>(
    `select t.tenancy_id, p.property_id, p.name as property_name, un.unit_id, un.name as unit_name, tu.name as tenant_name,
            to_char(t.start_date, 'YYYY-MM-DD') as start_date, to_char(coalesce(t.end_date, t.ended_at::date), 'YYYY-MM-DD') as end_date,
            (select count(*)::int from issues i where i.unit_id = un.unit_id and i.created_at::date >= t.start_date
                and i.created_at <= coalesce(t.ended_at, now())) as issues_count
       ${from} order by t.ended_at desc, t.tenancy_id desc limit ${limit} offset ${offset}`,
    params,
  );
  return { total: total.rows[0].n, rows };
}

/** A company found by its registration number or email (hand-over), or null. */
export async function companyByRef(q: Queryable, ref: string) {
  const { rows } = await q.query<{ company_id: number; name: string }>(
    "select company_id, name from companies where lower(reg_no) = lower($1) or lower(email) = lower($1) order by company_id limit 1",
    [ref.trim()],
  );
  return rows[0] ?? null;
}

/** Accounts that already hold this email or mobile number (the tenant to link instead of a new one). */
export async function accountsFor(q: Queryable, email: string | null, mobNo: string) {
  const { rows } = await q.query<{ user_id: number; role: number; name: string; email: string | null; mob_no: string | null; disabled: boolean }>(
    "select user_id, role, name, email, mob_no, disabled from users where (lower(email) = lower($1) and $1 is not null) or mob_no = $2 order by user_id",
    [email, mobNo],
  );
  return rows;
}
