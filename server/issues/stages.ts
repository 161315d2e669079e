// The stages of an issue and the table of moves (LOOP.md section 2, D20): who (relation to the issue) may do what, from
// which stage, to which stage. Routes ask this module and nothing else decides: `actionsFor` lists what the caller may
// do now (every issue the server sends carries it), `assertMay` answers 403 (the caller's relation never allows it) or
// 409 (not at this stage), and `applyMove` makes a move: the stage, its columns and the timeline row, inside the
// caller's transaction, on the issue row the caller locked (queries.ts lockIssue).
import type { NotificationKind } from "../../src/contract/notifications";
import { localNowSql, utcOffsetHours } from "../lib/local-time";
import { type Action, CLOSED_STAGES, EDITABLE_STAGES, REOPEN_HOURS, STAGES, type Stage, type VisitFilter } from "../../src/contract/repairs";
import type { Queryable } from "../db/db";
import type { AuthUser } from "../lib/auth";
import { HttpError } from "../lib/http";
import { type MessageKey, msg } from "../lib/i18n";
import { type Audience, type NotificationParams, notify } from "../notifications/notify";
import { scheduleReminders } from "../push/reminders";
import { RELS, type Rel, type Relations } from "./access";

/** What the table looks at: the stage, when the work was completed (the reopen window), and whether it is on hold. */
export interface IssueState {
  issue_id: number;
  stage: Stage;
  completed_at: Date | string | null;
  /** Set while the work is on hold (a flag beside in_progress, not a stage); absent or null otherwise. */
  held_at?: Date | string | null;
  /** Offered to independent technicians and not yet taken (issues.offered_at set); absent reads as not offered. */
  offered?: boolean;
  /** The id of the new issue this one was reported again as (LOOP.md: "report again"); absent or null: not yet. */
  reported_again?: number | null;
  /** The unit it is about; null for the property's common areas, absent where no rule asks. */
  unit_id?: number | null;
}

interface Rule {
  who: readonly Rel[];
  from: readonly Stage[];
}
interface Entry {
  /** The stage the move leads to; "same" for what does not move the stage; several when the move's body decides. */
  to: Stage | "same" | readonly Stage[];
  rules: readonly Rule[];
  /** The 409 sentence when the caller's relation allows it, but not at this stage. */
  conflict: MessageKey;
  /** A further condition at the right stage (the reopen window): the 409 sentence when it fails, else null. */
  until?: (issue: IssueState, now: number) => MessageKey | null;
}

const OPEN: readonly Stage[] = ["reported", "assigned", "accepted", "proposed", "scheduled", "in_progress", "completed"];
/** The stages whose issue_status is 0 (open, SPEC.md). */
const ONGOING: readonly Stage[] = STAGES.filter((s) => !CLOSED_STAGES.includes(s));
const HOUR = 3600_000;

/** The moment a completed issue can no longer be reopened and closes by itself. */
export const reopenDeadline = (completedAt: Date | string) => new Date(completedAt).getTime() + REOPEN_HOURS * HOUR;

const onHold = (issue: IssueState) => issue.held_at !== undefined && issue.held_at !== null;
const WORKERS: readonly Rel[] = ["technician", "tech_manager"];
/** Everyone who follows the issue; not a technician an offer merely reaches (they may take it, nothing more). */
const FOLLOWERS: readonly Rel[] = RELS.filter((r) => r !== "offered");

/** The table (LOOP.md section 2). */
export const TABLE = {
  // The report itself, before the work starts.
  edit: { to: "same", rules: [{ who: ["creator"], from: EDITABLE_STAGES }], conflict: "issueNotEditable" },
  upload: { to: "same", rules: [{ who: ["creator"], from: EDITABLE_STAGES }], conflict: "issueNotEditable" },
  cancel: {
    to: "cancelled",
    rules: [
      { who: ["creator"], from: EDITABLE_STAGES },
      // The manager of the company that runs the property (LOOP.md section 2); the manager of a technician's company
      // answers for the job, not for the owner's repair.
      { who: ["owner", "property_manager"], from: [...EDITABLE_STAGES, "in_progress"] },
    ],
    conflict: "cancelNotNow",
  },
  comment: { to: "same", rules: [{ who: FOLLOWERS, from: OPEN }], conflict: "issueFinished" },
  // The customer's answer to the technician's proposed times.
  pick_slot: { to: "scheduled", rules: [{ who: ["creator", "tenant", "owner"], from: ["proposed"] }], conflict: "noSlotsToPick" },
  request_slots: { to: "accepted", rules: [{ who: ["creator", "tenant", "owner"], from: ["proposed"] }], conflict: "noSlotsToPick" },
  // After the work.
  confirm: { to: "closed", rules: [{ who: ["creator", "owner"], from: ["completed"] }], conflict: "notCompleted" },
  reopen: {
    to: "assigned",
    rules: [{ who: ["creator", "owner"], from: ["completed"] }],
    conflict: "notCompleted",
    until: (issue, now) => (issue.completed_at && now < reopenDeadline(issue.completed_at) ? null : "reopenExpired"),
  },
  // Who does the work: the company's manager assigns one of their technicians with the skill; the owner of a property
  // no company runs assigns an independent technician, or offers the job to those whose area covers the property
  // (the issue stays reported, `offered`), and the first of them to accept takes it.
  assign: { to: "assigned", rules: [{ who: ["manager", "landlord"], from: ["reported", "assigned"] }], conflict: "assignNotNow" },
  offer: {
    to: "same",
    rules: [{ who: ["landlord"], from: ["reported"] }],
    conflict: "offerNotNow",
    until: (issue) => (issue.offered ? "alreadyOffered" : null),
  },
  accept: {
    to: "accepted",
    rules: [
      { who: ["technician"], from: ["assigned"] },
      { who: ["offered"], from: ["reported"] },
    ],
    conflict: "acceptNotNow",
  },
  // SPEC.md section 5's acknowledgement: a tenant slot chosen → scheduled; the technician's own slots → proposed.
  acknowledge: {
    to: ["scheduled", "proposed"],
    rules: [{ who: ["technician", "tech_manager"], from: ["accepted"] }],
    conflict: "ackNotNow",
  },
  // The same call again once a time is proposed or agreed: the visit changes. A separate action, so the technician's
  // screen offers "Change the visit time" instead of the acknowledgement it already made (LOOP.md section 3).
  reschedule: {
    to: ["scheduled", "proposed"],
    rules: [{ who: ["technician", "tech_manager"], from: ["proposed", "scheduled"] }],
    conflict: "ackNotNow",
  },
  // The job (issue 12): the technician declines an assigned job (back to the manager), starts at the agreed visit,
  // holds and resumes (a flag: the stage stays in_progress), and completes with the work report.
  decline: { to: "reported", rules: [{ who: ["technician"], from: ["assigned"] }], conflict: "declineNotNow" },
  start: { to: "in_progress", rules: [{ who: WORKERS, from: ["scheduled"] }], conflict: "startNotNow" },
  hold: {
    to: "same",
    rules: [{ who: WORKERS, from: ["in_progress"] }],
    conflict: "holdNotNow",
    until: (issue) => (onHold(issue) ? "alreadyOnHold" : null),
  },
  resume: {
    to: "same",
    rules: [{ who: WORKERS, from: ["in_progress"] }],
    conflict: "holdNotNow",
    until: (issue) => (onHold(issue) ? null : "notOnHold"),
  },
  complete: {
    to: "completed",
    rules: [{ who: ["technician"], from: ["in_progress"] }],
    conflict: "completeNotNow",
    until: (issue) => (onHold(issue) ? "resumeFirst" : null),
  },
  // Not a move of this issue: a closed repair whose problem came back is reported anew, linked to it (LOOP.md section
  // 2), by whoever may report on its unit now (a manager only for a property their company runs: the manager of the
  // technician's company alone may not report there); once, and the new issue may in turn be reported again.
  report_again: {
    to: "same",
    rules: [{ who: ["tenant", "owner", "property_manager"], from: ["closed"] }],
    conflict: "reportAgainNotNow",
    until: (issue) => (issue.reported_again ? "alreadyReportedAgain" : null),
  },
  // Not a move: the e-receipt (GET /issue/receipt) may be opened. Never a tenant's: tenants never see prices.
  receipt: { to: "same", rules: [{ who: ["owner", "manager"], from: ["completed", "closed"] }], conflict: "receiptNotReady" },
  // Not a move: the unit's view (/property/apartment-view) may be opened from the job, by its technician while it is
  // open (issue_status 0), as server/property/access.ts lets them read the unit; an offer's technician may not yet.
  // No route asks for it, so its conflict sentence is never sent.
  // An issue of the common areas (no unit) has no unit to open.
  unit: {
    to: "same",
    rules: [{ who: ["technician"], from: ONGOING }],
    conflict: "issueClosed",
    until: (issue) => (issue.unit_id === null ? "issueClosed" : null),
  },
} satisfies Partial<Record<Action, Entry>>;

export type TableAction = keyof typeof TABLE;
/** The actions that move the stage (each a row of the timeline under its own name). */
export type Move = Exclude<TableAction, "edit" | "upload" | "comment" | "receipt" | "report_again" | "unit">;

const entry = (a: TableAction): Entry => TABLE[a];
const ORDER = Object.keys(TABLE) as TableAction[];

/**
 * Why `action` is refused to these relations now (403 or 409 and the message), or null when it is allowed. Plain data:
 * a list asks this for every action of every issue, and an Error's stack trace each time cost a tenth of the job list.
 */
function refusedWith(action: TableAction, issue: IssueState, rel: Relations, now: number): [403 | 409, MessageKey] | null {
  const e = entry(action);
  const mine = e.rules.filter((r) => r.who.some((w) => rel[w]));
  if (!mine.length) return [403, "notYourMove"];
  if (!mine.some((r) => r.from.includes(issue.stage))) {
    // A finished issue says so, whatever was tried.
    if (issue.stage === "closed") return [409, "issueClosed"];
    if (issue.stage === "cancelled") return [409, "issueWasCancelled"];
    return [409, e.conflict];
  }
  const late = e.until?.(issue, now);
  return late ? [409, late] : null;
}

/** Why `action` is refused to these relations now (403 or 409), or null when it is allowed. */
export function refusal(action: TableAction, issue: IssueState, rel: Relations, now: number): HttpError | null {
  const refused = refusedWith(action, issue, rel, now);
  return refused ? new HttpError(refused[0], msg(refused[1])) : null;
}

/** Throws the 403 or 409 of `refusal`. */
export function assertMay(action: TableAction, issue: IssueState, rel: Relations, now: number) {
  const refused = refusal(action, issue, rel, now);
  if (refused) throw refused;
}

/** What the caller may do with the issue now, in the table's order: the buttons the app shows (D20). */
export const actionsFor = (issue: IssueState, rel: Relations, now: number): TableAction[] => ORDER.filter((a) => !refusedWith(a, issue, rel, now));

/**
 * SQL (over ISSUE_FROM's `i` and `r`) true when the issue waits for the caller: they may pick a slot or confirm. Built
 * from the table, so the order of the lists follows the same rules as `actions`.
 */
export function waitsForCallerSql(): string {
  const parts: string[] = [];
  for (const a of ["pick_slot", "confirm"] as const)
    for (const r of entry(a).rules) parts.push(`(i.stage in (${r.from.map((s) => `'${s}'`).join(", ")}) and (${r.who.map((w) => `r.${w}`).join(" or ")}))`);
  return `(${parts.join(" or ")})`;
}

/** A slot as stored in the visit columns. */
export interface Visit {
  date: string;
  time_from: string;
  time_to: string;
}

/** Columns a move may set beside the stage. */
export interface MovePatch {
  visit?: Visit | null;
  /** null: nobody is assigned any more (a declined job). */
  assigned_tech_id?: number | null;
  started_at?: Date | null;
  /** The work goes on hold (when, why), or resumes (null). */
  held?: { at: Date; reason: string } | null;
  completed_at?: Date | null;
  closed_at?: Date | null;
  cancel_reason?: string;
  rating?: number;
  rating_comment?: string;
  /** The offer to independent technicians is made (when), or withdrawn (null: taken or assigned). */
  offered?: Date | null;
  /** The technician's acknowledgement; null clears it (a new one is needed). */
  acknowledged?: { at: Date; by: number } | null;
}

/**
 * The notification a move makes (D22), by the move and the stage it led to, with its audience when it differs from the
 * kind's usual one (server/notifications/notify.ts AUDIENCE); null for moves nobody is told of (hold, resume, a request
 * for other slots).
 */
export function moveNotice(move: Move, stage: Stage): { kind: NotificationKind; to?: readonly Audience[] } | null {
  switch (move) {
    case "cancel":
      return { kind: "cancelled" };
    case "assign":
      return { kind: "assigned" };
    case "offer":
      return { kind: "offer" };
    case "accept":
      return { kind: "accepted" };
    case "decline":
      return { kind: "declined" };
    case "acknowledge":
      return { kind: stage === "scheduled" ? "scheduled" : "slots_proposed" };
    case "reschedule":
      return { kind: stage === "scheduled" ? "rescheduled" : "slots_proposed" };
    // The customer picked one of the technician's times: the technician and the managers learn the visit.
    case "pick_slot":
      return { kind: "scheduled", to: ["tech", "managers"] };
    case "start":
      return { kind: "on_the_way" };
    case "complete":
      return { kind: "completed" };
    case "confirm":
      return { kind: "confirmed" };
    case "reopen":
      return { kind: "reopened" };
    case "request_slots":
    case "hold":
    case "resume":
      return null;
  }
}

/** Moves whose note is the reason the notification carries. */
const REASON_MOVES: readonly Move[] = ["cancel", "decline", "reopen"];

/**
 * Makes `move` on `issue` (locked by the caller's transaction): checks it (403/409), sets the stage (`to` when the
 * move's body decides it) and the patch, writes the timeline row, notifies the issue's people (moveNotice; the caller
 * kicks the delivery once committed) and, when the stage, the visit or the technician changed, plans the reminders
 * anew. Returns the new stage.
 */
export async function applyMove(
  q: Queryable,
  issue: IssueState & { rel: Relations },
  move: Move,
  actor: AuthUser | null,
  note: string | null,
  patch: MovePatch = {},
  now: number,
  to?: Stage,
): Promise<Stage> {
  assertMay(move, issue, issue.rel, now);
  const target = entry(move).to;
  let stage: Stage;
  if (Array.isArray(target)) {
    if (!to || !target.includes(to)) throw new Error(`${move} needs one of ${target.join(", ")}`);
    stage = to;
  } else stage = target === "same" ? issue.stage : (target as Stage);
  const at = new Date(now);
  const sets = ["stage = $2", "updated_at = $3"];
  const params: unknown[] = [issue.issue_id, stage, at];
  const set = (column: string, value: unknown) => {
    params.push(value);
    sets.push(`${column} = $${params.length}`);
  };
  if (patch.visit !== undefined) {
    set("visit_date", patch.visit?.date ?? null);
    set("visit_from", patch.visit?.time_from ?? null);
    set("visit_to", patch.visit?.time_to ?? null);
  }
  if (patch.assigned_tech_id !== undefined) set("assigned_tech_id", patch.assigned_tech_id);
  if (patch.started_at !== undefined) set("started_at", patch.started_at);
  if (patch.offered !== undefined) set("offered_at", patch.offered);
  if (patch.held !== undefined) {
    set("held_at", patch.held?.at ?? null);
    set("hold_reason", patch.held?.reason ?? null);
  }
  if (patch.completed_at !== undefined) set("completed_at", patch.completed_at);
  if (patch.closed_at !== undefined) set("closed_at", patch.closed_at);
  if (patch.cancel_reason !== undefined) set("cancel_reason", patch.cancel_reason);
  if (patch.rating !== undefined) set("rating", patch.rating);
  if (patch.rating_comment !== undefined) set("rating_comment", patch.rating_comment);
  if (patch.acknowledged !== undefined) {
    set("acknowledged_at", patch.acknowledged?.at ?? null);
    set("acknowledged_by", patch.acknowledged?.by ?? null);
  }
  await q.query(`update issues set ${sets.join(", ")} where issue_id = $1`, params);
  await addEvent(q, issue.issue_id, { actor_id: actor?.user_id ?? null, kind: move, from_stage: issue.stage, to_stage: stage, note, at });
  const notice = moveNotice(move, stage);
  if (notice) {
    const params: NotificationParams = {};
    if (note && REASON_MOVES.includes(move)) params.reason = note;
    if (patch.rating !== undefined) params.rating = patch.rating;
    await notify(q, issue.issue_id, notice.kind, actor, params, notice.to);
  }
  if (stage !== issue.stage || patch.visit !== undefined || patch.assigned_tech_id !== undefined) await scheduleReminders(q, issue.issue_id, now);
  return stage;
}

/** One row of the timeline. */
export async function addEvent(
  q: Queryable,
  issueId: number,
  e: { actor_id: number | null; kind: string; from_stage: Stage | null; to_stage: Stage | null; note: string | null; at: Date },
): Promise<number> {
  // In the same statement, the actor's own notifications of the issue are read: who acts on a repair (confirms it,
  // comments, starts the work) has seen what they said of it, and the bell kept counting them (walked at 360 px).
  const { rows } = await q.query<{ event_id: number }>(
    `with seen as (
       update notifications set read_at = $7 where $2::int is not null and user_id = $2 and issue_id = $1 and read_at is null
     )
     insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, note, created_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning event_id`,
    [issueId, e.actor_id, e.kind, e.from_stage, e.to_stage, e.note || null, e.at],
  );
  return rows[0].event_id;
}

/**
 * The automatic close (LOOP.md section 2): a completed issue nobody confirmed or reopened within 72 hours closes by
 * itself, with an "auto_close" row (no actor). One statement, so it happens once however many requests run it;
 * swept before moves; the reads (the lists, the timeline, the reports) sweep only when one is due (closeDue, queries.ts swept),
 * and hourly with the purge. Returns how many closed.
 */
export async function autoClose(q: Queryable, now: number): Promise<number> {
  const at = new Date(now);
  const { rows } = await q.query<{ n: number }>(
    `with closed as (
       update issues set stage = 'closed', closed_at = $1, updated_at = $1
        where stage = 'completed' and completed_at <= $1::timestamptz - make_interval(hours => $2::int)
        returning issue_id),
     logged as (
       insert into issue_events (issue_id, actor_id, kind, from_stage, to_stage, created_at)
       select issue_id, null, 'auto_close', 'completed', 'closed', $1 from closed returning 1)
     select count(*)::int as n from logged`,
    [at, REOPEN_HOURS],
  );
  return rows[0]?.n ?? 0;
}

/** When the first completed issue closes by itself (ms), or null when none is completed: a read (an index probe). */
export async function nextAutoClose(q: Queryable): Promise<number | null> {
  const { rows } = await q.query<{ first: Date | null }>("select min(completed_at) as first from issues where stage = 'completed'");
  return rows[0]?.first ? reopenDeadline(rows[0].first) : null;
}

/**
 * autoClose, when some issue is due: what a read sweeps with, so that it reads rather than writes on each call (the
 * embedded database counts any update as a write, which reads kept answers and cached sessions again; issue 16).
 */
export async function closeDue(q: Queryable, now: number): Promise<number> {
  const next = await nextAutoClose(q);
  return next !== null && next <= now ? autoClose(q, now) : 0;
}

export { utcOffsetHours };

/** The property's local wall-clock time now, "YYYY-MM-DD HH:mm" (what `slotsInFuture` compares with). */
export function localNow(country: string | null | undefined, now: number): string {
  return new Date(now + utcOffsetHours(country) * HOUR).toISOString().slice(0, 16).replace("T", " ");
}

/**
 * The issues (alias i, their property p) whose visit is `kind` (VISIT_FILTERS) at the instant `now` (a timestamptz
 * parameter) by the property's clock, as localNow: the counts on the manager's /home and the lists they open.
 */
export function visitSql(kind: VisitFilter, now: string): string {
  const local = localNowSql("p.country", now);
  return kind === "today"
    ? `(i.stage in ('scheduled', 'in_progress') and i.visit_date = (${local})::date)`
    : `(i.stage = 'scheduled' and i.visit_date + i.visit_to < ${local})`;
}
