// SQL of the issue area. Who relates to an issue: ./access.ts; what they may do: ./stages.ts.
import { formatMinor, moneyOf } from "../../src/contract/money";
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";
import { clock } from "../lib/clock";
import { HttpError } from "../lib/http";
import { msg } from "../lib/i18n";
import { ADDRS_JSON } from "../property/queries";
import { RawJson } from "../lib/raw-json";
import { fileLinkSecret, signFileLink } from "../lib/signed-url";
import { ISSUE_FROM, RELATION_COLUMNS, type Relations, VISIBLE_SQL, idIfVisibleSql, relationParams, relationsOf } from "./access";
import { CLOSED_STAGES, type Stage } from "../../src/contract/repairs";
import { actionsFor, autoClose, nextAutoClose, reopenDeadline } from "./stages";

const ISO = `'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'`;
const iso = (col: string) => `to_char(${col} at time zone 'UTC', ${ISO})`;
const slotJson = (alias: string) =>
  `json_build_object('date', to_char(${alias}.date, 'YYYY-MM-DD'), 'time_from', to_char(${alias}.time_from, 'HH24:MI'), 'time_to', to_char(${alias}.time_to, 'HH24:MI'))`;
/** Media items (a comment's photos): `private` (an upload, served by signed link) is replaced by `url` before answering. */
const mediaJson = (where: string) =>
  `coalesce((select json_agg(json_build_object('media_id', m.media_id, 'file_name', m.file_name, 'path', m.path, 'private', m.storage_key is not null)
                             order by m.position, m.media_id)
               from issue_media m where ${where}), '[]'::json)`;

/**
 * The issue's own photos and videos (no comment's, no signature), before and after the work, in one list: one sub-select
 * a row instead of four (issue 16). issueOut splits it into images, issue_images, issue_videos and after_images.
 * `private` (an upload, served by signed link) is replaced by `url` before answering.
 */
const MEDIA_JSON = `coalesce((select json_agg(json_build_object('media_id', m.media_id, 'file_name', m.file_name, 'path', m.path, 'private', m.storage_key is not null,
                                                  'phase', m.phase, 'kind', m.kind) order by m.position, m.media_id)
                            from issue_media m where m.issue_id = i.issue_id and m.event_id is null and m.phase in ('before', 'after')), '[]'::json)`;

/** The photos the property's owner or manager uploaded (property_files), to be signed for the caller (issueOut). */
const PROP_PHOTOS = `coalesce((select json_agg(json_build_object('file_id', f.file_id, 'path', f.storage_key) order by f.position, f.file_id)
                                from property_files f where f.property_id = p.property_id and f.kind = 'photo'), '[]'::json)`;

/**
 * One issue in the shape of SPEC.md's state fields (D4) plus issue 11's (stage, visit, category, ...): the fields sent
 * as they are, as JSON text the database writes (`card`, a row_to_json of the lateral `c`: issueOut sends it without
 * parsing it, issue 16), then apart what the server reads to finish it: the stage and times that decide the caller's
 * actions, the media and the property's pictures to sign and sort, and the caller's relations (rel_*), over ISSUE_FROM. Parameters $1..$3 are the
 * caller's (relationParams). `extra`: columns put before the issue's, each followed by a comma.
 */
const issueSelect = (extra: string) => `
  select ${extra} i.issue_id, i.stage, ${iso("i.completed_at")} as completed_at, ${iso("i.held_at")} as held_at, i.offered_at is not null as offered,
         ra.issue_id as reported_again, i.unit_id,
         ${MEDIA_JSON} as media,
         coalesce((select json_agg(json_build_object('path', pi.path) order by pi.position, pi.image_id)
                     from property_images pi where pi.property_id = p.property_id), '[]'::json) as prop_images,
         ${PROP_PHOTOS} as prop_photos,
         ${RELATION_COLUMNS},
         row_to_json(c)::text as card
    ${ISSUE_FROM}
    left join users cu on cu.user_id = i.creator_id
    left join units un on un.unit_id = i.unit_id
    -- The issue that reported i again (at most one not cancelled: a unique index), read once for the actions and the
    -- link. A cancelled repeat does not count: the problem may still be reported again.
    left join issues ra on ra.again_of = i.issue_id and ra.stage <> 'cancelled'
    cross join lateral (select i.issue_id, i.title, i.issue_type, i.description as "desc", i.issue_status,
         ${iso("i.created_at")} as created_at,
         i.property_id, p.name, p.addres, p.type as property_type,
         ${ADDRS_JSON} as addrs,
         json_build_object('lat', p.lat, 'lng', p.lng) as location,
         coalesce((select json_agg(${slotJson("a")} order by a.date, a.time_from, a.slot_id)
                     from issue_availability a where a.issue_id = i.issue_id), '[]'::json) as available,
         coalesce((select json_agg(${slotJson("s")} order by s.date, s.time_from, s.slot_id)
                     from issue_tech_slots s where s.issue_id = i.issue_id), '[]'::json) as tech_available,
         ${iso("i.acknowledged_at")} as acknowledged_at,
         cu.name as creater_name,
         -- A technician sees the customer's number once the job is theirs: never on a job only offered to them.
         case when cu.mob_no is null or cu.mob_no = '' or ($2::int = 1 and i.assigned_tech_id is distinct from $1::int) then null
              else cu.cntry_code || cu.mob_no end as creater_mob_no,
         case when cu.profile_path is null then '[]'::json else json_build_array(json_build_object('path', cu.profile_path)) end as creater_profile,
         i.priority,
         i.stage,
         case when i.visit_date is null then null
              else json_build_object('date', to_char(i.visit_date, 'YYYY-MM-DD'), 'time_from', to_char(i.visit_from, 'HH24:MI'), 'time_to', to_char(i.visit_to, 'HH24:MI')) end as visit,
         i.category, i.emergency, i.presence, i.unit_id, un.name as unit_name,
         i.assigned_tech_id as tech_id, tu.name as tech_name,
         -- The property's access notes (the gate, the guard, the lift key) for its technician while the job is open: a
         -- job of the common areas has no unit screen to read them on.
         case when i.assigned_tech_id = $1::int and i.issue_status = 0 then nullif(p.access_notes, '') end as access_notes,
         case when tu.mob_no is null or tu.mob_no = '' then null else tu.cntry_code || tu.mob_no end as tech_mob_no,
         ${iso("i.started_at")} as started_at,
         ${iso("i.held_at")} as held_at, i.hold_reason,
         ${iso("i.completed_at")} as completed_at,
         i.rating, i.rating_comment, i.cancel_reason,
         -- Why a reopened repair is being worked on again, until it is completed again (the technician reads it first).
         case when i.stage in ('assigned', 'accepted', 'proposed', 'scheduled', 'in_progress')
              then (select e.note from issue_events e where e.issue_id = i.issue_id and e.kind = 'reopen' order by e.event_id desc limit 1)
         end as reopen_reason,
         ${iso("i.updated_at")} as updated_at,
         i.offered_at is not null as offered,
         -- Report again: the earlier repair and the new report, each linked only for those who may open it.
         i.again_of is not null as repeat,
         ${idIfVisibleSql("i.again_of")} as again_of,
         ${idIfVisibleSql("ra.issue_id")} as reported_again) c`;

interface MediaRow {
  media_id: number;
  file_name: string;
  path: string;
  private?: boolean;
  url?: string;
}

/** A media item as the app gets it: an upload carries a link signed for this caller, an old row its public path. */
export const mediaOut = (secret: Buffer | null, userId: number, now: number) => (m: MediaRow) => {
  const { private: hidden, ...item } = m;
  if (hidden && secret) item.url = signFileLink(secret, m.media_id, userId, now, "issue");
  return item;
};

/** A row of MEDIA_JSON: the item and where it belongs. */
interface IssueMediaRow extends MediaRow {
  phase: "before" | "after";
  kind: string;
}

const anyPrivate = (r: Record<string, unknown>) => (r.media as IssueMediaRow[]).some((m) => m.private) || (r.prop_photos as unknown[]).length > 0;

/**
 * SPEC.md's prop_images: the property's pictures from the seed or an old import (a public path), then those uploaded
 * to it, each with a link signed for the caller (as GET /property/properties gives them). The link's route lets in
 * whoever sees the property now (server/property/access.ts): its owner, its company's managers, a tenant, a technician
 * with an open job there. Anyone else who sees the issue gets the public pictures only, never a link that fails.
 */
function propImages(row: Record<string, unknown>, rel: Relations, secret: Buffer | null, userId: number, now: number) {
  const pictures = row.prop_images as { path: string }[];
  const uploaded = row.prop_photos as { file_id: number; path: string }[];
  const open = !CLOSED_STAGES.includes(row.stage as Stage);
  if (!uploaded.length || !secret || !(rel.owner || rel.property_manager || rel.tenant || (rel.technician && open))) return pictures;
  return [...pictures, ...uploaded.map((f) => ({ path: f.path, url: signFileLink(secret, f.file_id, userId, now) }))];
}
const hasPrivate = (list: MediaRow[]) => list.some((m) => m.private);

/** A work report as stored, with its parts, costs and signature (issue 12, LOOP.md section 2). */
interface WorkReportRow {
  issue_id: number;
  notes: string;
  minutes: number;
  follow_up: boolean;
  occupant_damage: boolean;
  created_at: string;
  tech_name: string | null;
  country: string | null;
  parts: Array<{ name: string; qty: number; unit_price: number }>;
  extra_costs: Array<{ label: string; amount: number }>;
  signature: MediaRow | null;
}

/**
 * The stages whose issues may carry a work report: completed or closed, and a reopened repair's on its way back to its
 * technician, whose first visit's report stays in sight (its parts were used; the form completing it again starts
 * from it, so the receipt bills both visits). A cancelled issue shows none.
 */
const REPORTED_STAGES: readonly Stage[] = ["assigned", "accepted", "proposed", "scheduled", "in_progress", "completed", "closed"];

/** The work reports of these issues, by issue: one query for a whole list. */
async function workReportsOf(q: Queryable, rows: Record<string, unknown>[]): Promise<Map<number, WorkReportRow>> {
  const ids = rows.filter((r) => REPORTED_STAGES.includes(r.stage as Stage)).map((r) => r.issue_id as number);
  if (!ids.length) return new Map();
  const { rows: reports } = await q.query<WorkReportRow>(
    `select w.issue_id, w.notes, w.minutes, w.follow_up, w.occupant_damage, ${iso("w.created_at")} as created_at, wt.name as tech_name, p.country,
            coalesce((select json_agg(json_build_object('name', wp.name, 'qty', wp.qty, 'unit_price', wp.unit_price) order by wp.position, wp.part_id)
                        from work_report_parts wp where wp.issue_id = w.issue_id), '[]'::json) as parts,
            coalesce((select json_agg(json_build_object('label', wc.label, 'amount', wc.amount) order by wc.position, wc.cost_id)
                        from work_report_costs wc where wc.issue_id = w.issue_id), '[]'::json) as extra_costs,
            (select json_build_object('media_id', m.media_id, 'file_name', m.file_name, 'path', m.path, 'private', m.storage_key is not null)
               from issue_media m where m.issue_id = w.issue_id and m.event_id is null and m.phase = 'signature'
                -- Signed during this visit: a reopened repair's first signature is not the second report's (walked).
                and (i.started_at is null or m.created_at >= i.started_at)
              order by m.media_id desc limit 1) as signature
       from work_reports w
       join issues i on i.issue_id = w.issue_id
       join properties p on p.property_id = i.property_id
       left join users wt on wt.user_id = w.tech_id
      where w.issue_id = any($1::int[])`,
    [ids],
  );
  return new Map(reports.map((r) => [r.issue_id, r]));
}

/**
 * The work report as an issue carries it (src/contract/jobs.ts workReport). Prices (parts' unit_price and total, costs'
 * amount) only for those who answer for the bill: the owner, the managers and the technician; never for tenants.
 */
function workReportOut(w: WorkReportRow, rel: Relations, sign: ReturnType<typeof mediaOut>) {
  const { currency, decimals } = moneyOf(w.country);
  const prices = rel.owner || rel.manager || rel.tech_manager || rel.technician;
  const text = (minor: number) => formatMinor(Number(minor), decimals);
  return {
    notes: w.notes,
    minutes: w.minutes,
    follow_up: w.follow_up,
    occupant_damage: w.occupant_damage,
    parts: w.parts.map((p) =>
      prices
        ? {
            name: p.name,
            qty: p.qty,
            unit_price: Number(p.unit_price),
            unit_price_text: text(p.unit_price),
            total: p.qty * p.unit_price,
            total_text: text(p.qty * p.unit_price),
          }
        : { name: p.name, qty: p.qty },
    ),
    extra_costs: w.extra_costs.map((c) => (prices ? { label: c.label, amount: Number(c.amount), amount_text: text(c.amount) } : { label: c.label })),
    signature: w.signature ? sign(w.signature) : null,
    tech_name: w.tech_name,
    created_at: w.created_at,
    currency,
    decimals,
  };
}

/**
 * The issue as sent: the database's `card` (issueSelect) as it is, then the media (links signed for the caller, sorted
 * into SPEC.md's lists), the work report, the caller's `actions` and `mine`.
 */
function issueOut(row: Record<string, unknown>, u: AuthUser, secret: Buffer | null, now: number, report: WorkReportRow | undefined): RawJson {
  const rel = relationsOf(row);
  const sign = mediaOut(secret, u.user_id, now);
  // In the list's order: the report's photos and videos, its photos, its videos, and the photos after the work.
  const images: MediaRow[] = [];
  const photos: MediaRow[] = [];
  const videos: MediaRow[] = [];
  const after: MediaRow[] = [];
  for (const { phase, kind, ...m } of row.media as IssueMediaRow[]) {
    const item = sign(m);
    if (phase === "after") after.push(item);
    else {
      images.push(item);
      if (kind === "image") photos.push(item);
      else if (kind === "video") videos.push(item);
    }
  }
  const state = {
    issue_id: row.issue_id as number,
    stage: row.stage as Stage,
    completed_at: row.completed_at as string | null,
    held_at: row.held_at as string | null,
    offered: row.offered === true,
    reported_again: (row.reported_again as number | null) ?? null,
    unit_id: (row.unit_id as number | null) ?? null,
  };
  const rest = {
    prop_images: propImages(row, rel, secret, u.user_id, now),
    images,
    issue_images: photos,
    issue_videos: videos,
    after_images: after,
    work_report: report ? workReportOut(report, rel, sign) : null,
    actions: actionsFor(state, rel, now),
    // The caller reported it: their own screen need not offer to call themselves.
    mine: rel.creator,
  };
  // Both are JSON objects: the card's fields, then the rest's.
  return new RawJson(`${(row.card as string).slice(0, -1)},${JSON.stringify(rest).slice(1)}`);
}

/** A list's rows as sent (issueOut), with their work reports and, when a link is to be signed, the links' secret. */
async function issuesOut(q: Queryable, u: AuthUser, rows: Record<string, unknown>[], now: number) {
  const reports = await workReportsOf(q, rows);
  const secret = rows.some(anyPrivate) || [...reports.values()].some((w) => w.signature?.private) ? await fileLinkSecret(q) : null;
  return rows.map((r) => issueOut(r, u, secret, now, reports.get(r.issue_id as number)));
}

/**
 * A column: the earliest completion among completed issues (anyone's), whose reopen window ends first (LOOP.md
 * section 2). Once it has ended, the lists sweep (autoClose) and read again, so they never show such an issue as
 * completed; until then, what a list says changes with time alone at that moment, not before (lib/answer-cache.ts).
 * An index probe inside the list's own query: reads do not write (or wait) on every call (issue 16).
 */
const FIRST_COMPLETED = "(select min(o.completed_at) from issues o where o.stage = 'completed') as first_completed";

/** When the first completed issue closes by itself (null: none is completed), from FIRST_COMPLETED's value. */
const closingAt = (first: unknown) => (first == null ? null : reopenDeadline(first as Date));

/**
 * Runs `read` (rows with a `first_completed` column, or none). When an issue should have closed by itself, closes them
 * (autoClose) and reads again (even when another request closed them meanwhile: what was read may predate it).
 * Returns the rows and when the next issue closes by itself (`closesAt`, null: none will), until which they hold.
 */
async function swept<T extends Record<string, unknown>>(q: Queryable, now: number, read: () => Promise<T[]>) {
  // The rows carry it; with none, it is read on its own.
  const closing = (rows: T[]) => (rows.length ? closingAt(rows[0].first_completed) : nextAutoClose(q));
  let rows = await read();
  let closesAt = await closing(rows);
  if (closesAt !== null && closesAt <= now) {
    await autoClose(q, now);
    rows = await read();
    closesAt = await closing(rows);
  }
  return { rows, closesAt };
}

/**
 * Issues the caller may see matching `where` (over `i`, `p`, `r`; its parameters from $4), in the order and page of
 * `tail`, ready to send. One query for the whole list.
 */
export async function selectIssues(q: Queryable, u: AuthUser, where: string, params: unknown[] = [], tail = "") {
  const now = clock.now();
  const sql = `${issueSelect(`${FIRST_COMPLETED},`)} where ${VISIBLE_SQL} and (${where}) ${tail}`;
  const values = [...relationParams(u), ...params];
  const { rows } = await swept(q, now, async () => (await q.query<Record<string, unknown>>(sql, values)).rows);
  return issuesOut(q, u, rows, now);
}

/** A list's order when nothing comes first: the newest issue first (the keys of an `order by`). */
export const NEWEST = "i.created_at desc, i.issue_id desc";

/**
 * One page of the issues the caller may see matching `where` (as selectIssues), in `order` (the keys of an `order by`),
 * and how many match in all, in one query (the total rides on each row as a window count): a list is one round trip to
 * the database, not two (issue 16). A page past the end has no row to carry it, so only then is the total counted on
 * its own. Issues past their reopen window are closed first (swept); `closesAt`: until when the answer holds.
 */
export async function pageOfIssues(q: Queryable, u: AuthUser, where: string, params: unknown[], order: string, size: number, page: number) {
  const now = clock.now();
  const values = [...relationParams(u), ...params];
  const sql = `${issueSelect(`count(*) over () as full_count, ${FIRST_COMPLETED},`)}
     where ${VISIBLE_SQL} and (${where}) order by ${order} limit ${size} offset ${(page - 1) * size}`;
  const { rows, closesAt } = await swept(q, now, async () => (await q.query<Record<string, unknown>>(sql, values)).rows);
  const total = rows.length ? Number(rows[0].full_count) : page === 1 ? 0 : await countIssues(q, u, where, params);
  return { total, data: await issuesOut(q, u, rows, now), closesAt };
}

/** How many issues the caller may see match `where` (as selectIssues). */
export async function countIssues(q: Queryable, u: AuthUser, where: string, params: unknown[] = []) {
  const { rows } = await q.query<{ n: number }>(`select count(*)::int as n ${ISSUE_FROM} where ${VISIBLE_SQL} and (${where})`, [
    ...relationParams(u),
    ...params,
  ]);
  return rows[0].n;
}

/** One issue the caller may see, ready to send; 404 when they may not (exactly like a missing one). */
export async function issueFor(q: Queryable, u: AuthUser, issueId: number) {
  const [issue] = await selectIssues(q, u, "i.issue_id = $4", [issueId]);
  if (!issue) throw new HttpError(404, msg("issueMissing"));
  return issue;
}

/** What writes check: the issue's stage and parts, and the caller's relations. */
export interface IssueRow {
  issue_id: number;
  stage: Stage;
  completed_at: Date | null;
  started_at: Date | null;
  held_at: Date | null;
  property_id: number;
  unit_id: number | null;
  assigned_tech_id: number | null;
  creator_id: number | null;
  priority: number;
  country: string;
  /** The property's type (building, villa, …): with the unit, the issue's issue_type (params.ts issueTypeOf). */
  property_type: string;
  rel: Relations;
}

/**
 * The issue and the caller's relations, or null when they may not see it. `lock` takes the issue row for the rest of
 * the caller's transaction (select … for update), so two moves of one issue cannot interleave.
 */
export async function issueRow(q: Queryable, u: AuthUser, issueId: number, lock = false): Promise<IssueRow | null> {
  const { rows } = await q.query<Record<string, unknown>>(
    `select i.issue_id, i.stage, i.completed_at, i.started_at, i.held_at, i.property_id, i.unit_id, i.assigned_tech_id, i.creator_id, i.priority, p.country, p.type as property_type, ${RELATION_COLUMNS}
       ${ISSUE_FROM}
      where i.issue_id = $4 and ${VISIBLE_SQL}${lock ? " for update of i" : ""}`,
    [...relationParams(u), issueId],
  );
  const row = rows[0];
  if (!row) return null;
  return {
    issue_id: row.issue_id as number,
    stage: row.stage as Stage,
    completed_at: (row.completed_at as Date | null) ?? null,
    started_at: (row.started_at as Date | null) ?? null,
    held_at: (row.held_at as Date | null) ?? null,
    property_id: row.property_id as number,
    unit_id: (row.unit_id as number | null) ?? null,
    assigned_tech_id: (row.assigned_tech_id as number | null) ?? null,
    creator_id: (row.creator_id as number | null) ?? null,
    priority: row.priority as number,
    country: (row.country as string) ?? "",
    property_type: row.property_type as string,
    rel: relationsOf(row),
  };
}

/** As issueRow, locked, and 404 when the caller may not see it. */
export async function lockIssue(q: Queryable, u: AuthUser, issueId: number): Promise<IssueRow> {
  const row = await issueRow(q, u, issueId, true);
  if (!row) throw new HttpError(404, msg("issueMissing"));
  return row;
}

export interface SlotRow {
  date: string;
  time_from: string;
  time_to: string;
}

const SLOT_COLUMNS = "to_char(date, 'YYYY-MM-DD') as date, to_char(time_from, 'HH24:MI') as time_from, to_char(time_to, 'HH24:MI') as time_to";

/** The tenant's availability (`issue_availability`) or the technician's slots (`issue_tech_slots`). */
export async function slotsOf(q: Queryable, table: "issue_availability" | "issue_tech_slots", issueId: number): Promise<SlotRow[]> {
  const { rows } = await q.query<SlotRow>(`select ${SLOT_COLUMNS} from ${table} where issue_id = $1 order by date, time_from, slot_id`, [issueId]);
  return rows;
}

/** Replaces the tenant's availability. */
export async function setAvailability(q: Queryable, issueId: number, slots: SlotRow[]) {
  await q.query("delete from issue_availability where issue_id = $1", [issueId]);
  for (const s of slots)
    await q.query("insert into issue_availability (issue_id, date, time_from, time_to) values ($1, $2, $3, $4)", [issueId, s.date, s.time_from, s.time_to]);
}

/** Replaces the technician's slots (none: cleared). */
export async function setTechSlots(q: Queryable, issueId: number, techId: number | null, slots: SlotRow[]) {
  await q.query("delete from issue_tech_slots where issue_id = $1", [issueId]);
  for (const s of slots)
    await q.query("insert into issue_tech_slots (issue_id, tech_id, date, time_from, time_to) values ($1, $2, $3, $4, $5)", [
      issueId,
      techId,
      s.date,
      s.time_from,
      s.time_to,
    ]);
}

export const sameSlot = (a: SlotRow, b: SlotRow) => a.date === b.date && a.time_from === b.time_from && a.time_to === b.time_to;

/** The timeline of an issue, oldest first; `mine` for the caller's own rows, comment photos signed for them. */
export async function timelineOf(q: Queryable, u: AuthUser, issueId: number, eventId?: number) {
  const { rows } = await q.query<Record<string, unknown> & { images: MediaRow[] }>(
    // A technician's reason for declining is the manager's to read (notifications/routes.ts says why), not a tenant's.
    `select e.event_id, e.kind, e.from_stage, e.to_stage, case when e.kind = 'decline' and $4 = 3 then null else e.note end as note,
            a.name as actor_name, coalesce(e.actor_id = $2, false) as mine,
            ${iso("e.created_at")} as created_at,
            ${mediaJson("m.event_id = e.event_id")} as images
       from issue_events e left join users a on a.user_id = e.actor_id
      where e.issue_id = $1 and ($3::int is null or e.event_id = $3)
      order by e.created_at, e.event_id`,
    [issueId, u.user_id, eventId ?? null, u.role],
  );
  const now = clock.now();
  const secret = rows.some((r) => hasPrivate(r.images)) ? await fileLinkSecret(q) : null;
  const sign = mediaOut(secret, u.user_id, now);
  return rows.map((r) => ({ ...r, images: r.images.map(sign) }));
}
