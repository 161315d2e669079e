// Wire schemas of reporting and following a repair (issue 11; LOOP.md sections 2 to 4; DECISIONS.md D18, D20, D21):
// the report and edit bodies, the moves' bodies, the stages, and the answers' extra fields. Shared by server/issues/
// and the app's src/api/repairs.ts. Request bodies are validated by the server with these schemas (unknown fields
// dropped); answers require only what LOOP.md names and let other fields through.
import * as z from "zod/mini";
import { SKILL_IDS } from "../data/skills";
import { distinctSlots, isCalendarDate, issueSchema, slotSchema } from "./issues";

/** The stages of an issue (LOOP.md section 2), in the order a repair goes through them. */
export const STAGES = ["reported", "assigned", "accepted", "proposed", "scheduled", "in_progress", "completed", "closed", "cancelled"] as const;
export type Stage = (typeof STAGES)[number];
/** Stages whose `issue_status` is 1 (closed, SPEC.md); every other stage is 0 (open). */
export const CLOSED_STAGES: readonly Stage[] = ["completed", "closed", "cancelled"];
/**
 * GET /issue/issues's `visit=` (the manager's /home counts, opened): today, a visit set for today by the property's
 * clock (scheduled or under way); overdue, a scheduled visit whose time has passed and the work not started.
 */
export const VISIT_FILTERS = ["today", "overdue"] as const;
export type VisitFilter = (typeof VISIT_FILTERS)[number];
/** Stages before the work starts: the report can still be edited (LOOP.md section 3). */
export const EDITABLE_STAGES: readonly Stage[] = ["reported", "assigned", "accepted", "proposed", "scheduled"];

/**
 * The moves the server may list in an issue's `actions` (D20): what the caller may do now. The app shows exactly
 * these buttons. Issue 11's customer moves, the technician's acknowledgement, the moves of the job lifecycle,
 * "receipt": the e-receipt may be opened (GET /issue/receipt), "report_again": a closed repair's problem came back
 * and may be reported anew, linked to it (POST /issue/issue with `again_of`), and "unit": the unit's view may be opened
 * from the job (its technician's, while the job is open).
 */
export const ACTIONS = [
  "edit",
  "upload",
  "cancel",
  "comment",
  "pick_slot",
  "request_slots",
  "confirm",
  "reopen",
  "acknowledge",
  "reschedule",
  "assign",
  "offer",
  "accept",
  "decline",
  "start",
  "hold",
  "resume",
  "complete",
  "receipt",
  "report_again",
  "unit",
] as const;
export type Action = (typeof ACTIONS)[number];

/** Who may enter: the tenant lets the technician in with a key or a guard ("may_enter"), or will be there ("present"). */
export const PRESENCE = ["may_enter", "present"] as const;
export type Presence = (typeof PRESENCE)[number];

export const MIN_REPORT_SLOTS = 2;
export const MAX_REPORT_SLOTS = 4;
/** How far ahead a visit may be offered, in days. */
export const SLOT_DAYS_AHEAD = 180;
export const MAX_ISSUE_PHOTOS = 5;
export const MAX_ISSUE_VIDEOS = 1;
export const MAX_COMMENT_PHOTOS = 3;
export const TITLE_MAX = 120;
export const DESC_MAX = 2000;
export const REASON_MAX = 500;
export const COMMENT_MAX = 1000;
/** A completed repair may be reopened this long after completion; after it, it closes by itself (LOOP.md section 2). */
export const REOPEN_HOURS = 72;
export const REPAIRS_PAGE_SIZE = 10;
/** The work report (LOOP.md section 2). */
export const NOTES_MAX = 2000;
export const MAX_PARTS = 30;
export const PART_NAME_MAX = 80;
export const PART_QTY_MAX = 999;
export const MAX_EXTRA_COSTS = 10;
export const COST_LABEL_MAX = 80;
export const MINUTES_MAX = 1440;
/** After-photos of the finished work, at most. */
export const MAX_AFTER_PHOTOS = 5;
/** A price in minor units, at most (one billion: far above any repair). */
export const AMOUNT_MAX = 1_000_000_000;

export const REPAIR_MESSAGES = {
  categoryRequired: "Please choose what kind of problem it is.",
  titleRequired: "Please give the problem a short title.",
  titleTooLong: `The title must be at most ${TITLE_MAX} characters.`,
  descTooLong: `The description must be at most ${DESC_MAX} characters.`,
  presenceRequired: "Please say whether the technician may enter without you.",
  slotsTooFew: `Please offer at least ${MIN_REPORT_SLOTS} times that suit you.`,
  slotsTooMany: `Please offer at most ${MAX_REPORT_SLOTS} times.`,
  slotsDistinct: "Each time may be offered only once.",
  slotInPast: "Please choose times in the future.",
  slotTooFar: "Please choose times within the next 180 days.", // SLOT_DAYS_AHEAD
  unitRequired: "Please choose a unit.",
  reasonRequired: "Please give a reason.",
  reasonTooLong: `The reason must be at most ${REASON_MAX} characters.`,
  ratingRequired: "Please rate the repair from 1 to 5 stars.",
  commentRequired: "Please write a comment.",
  commentTooLong: `A comment must be at most ${COMMENT_MAX} characters.`,
  notesRequired: "Please describe the work done.",
  notesTooLong: `The notes must be at most ${NOTES_MAX} characters.`,
  partNameRequired: "Please name the part.",
  partNameTooLong: `A part's name must be at most ${PART_NAME_MAX} characters.`,
  partQty: `The quantity must be a whole number from 1 to ${PART_QTY_MAX}.`,
  price: "Prices must be whole amounts in the currency's smallest unit, zero or more.",
  tooManyParts: `A report can list at most ${MAX_PARTS} parts.`,
  minutes: `The time on site must be from 1 to ${MINUTES_MAX} minutes.`,
  costLabelRequired: "Please say what the cost is for.",
  costLabelTooLong: `A cost's description must be at most ${COST_LABEL_MAX} characters.`,
  tooManyCosts: `A report can list at most ${MAX_EXTRA_COSTS} other costs.`,
} as const;

// The helpers too are built when a schema first parses with them, not as the module loads (issue 16).
const id = z.lazy(() => z.int().check(z.positive()));
const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A slot offered when reporting: a real day, HH:mm times, the start before the end. */
export const reportSlot = z.lazy(() =>
  z
    .object({
      date: z.string().check(z.refine((s) => DATE_RE.test(s) && isCalendarDate(s), "Dates must be real dates written YYYY-MM-DD.")),
      time_from: z.string().check(z.regex(TIME_RE, "Times must be written HH:mm.")),
      time_to: z.string().check(z.regex(TIME_RE, "Times must be written HH:mm.")),
    })
    .check(z.refine((s) => s.time_from < s.time_to, { message: "The start time must be before the end time.", path: ["time_to"] })),
);
export type ReportSlot = z.infer<typeof reportSlot>;

/** Two to four distinct slots. Whether they lie in the future is checked against a clock: `slotsInFuture`. */
export const reportSlots = z.lazy(() =>
  z
    .array(reportSlot)
    .check(
      z.minLength(MIN_REPORT_SLOTS, REPAIR_MESSAGES.slotsTooFew),
      z.maxLength(MAX_REPORT_SLOTS, REPAIR_MESSAGES.slotsTooMany),
      z.refine(distinctSlots, REPAIR_MESSAGES.slotsDistinct),
    ),
);

/**
 * True when every slot starts after `now`, a local wall-clock time written "YYYY-MM-DD HH:mm" (the property's time
 * zone on the server, the phone's in the app).
 */
export const slotsInFuture = (slots: readonly { date: string; time_from: string }[], now: string) => slots.every((s) => `${s.date} ${s.time_from}` > now);

/** The last day a visit may be offered for, "YYYY-MM-DD": SLOT_DAYS_AHEAD days after the day of `now` (as above). */
export function lastSlotDay(now: string): string {
  const d = new Date(`${now.slice(0, 10)}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + SLOT_DAYS_AHEAD);
  return d.toISOString().slice(0, 10);
}
/** True when every slot's day is at most SLOT_DAYS_AHEAD days after `now`'s (a year 9999 was taken). */
export const slotsNotTooFar = (slots: readonly { date: string }[], now: string) => slots.every((s) => s.date <= lastSlotDay(now));

/** The fields of a report that the edit form may change too (built with the schema that first needs them). */
const reportFields = () => ({
  // null: the property's common areas (a lift, the roof, the gate), not one unit; absent: not chosen.
  unit_id: z.nullable(z.int(REPAIR_MESSAGES.unitRequired).check(z.positive(REPAIR_MESSAGES.unitRequired))),
  category: z.int(REPAIR_MESSAGES.categoryRequired).check(z.refine((n) => SKILL_IDS.has(n), REPAIR_MESSAGES.categoryRequired)),
  title: z
    .string(REPAIR_MESSAGES.titleRequired)
    .check(z.trim(), z.minLength(1, REPAIR_MESSAGES.titleRequired), z.maxLength(TITLE_MAX, REPAIR_MESSAGES.titleTooLong)),
  desc: z._default(z.string().check(z.trim(), z.maxLength(DESC_MAX, REPAIR_MESSAGES.descTooLong)), ""),
  emergency: z._default(z.boolean(), false),
  presence: z.enum(PRESENCE, REPAIR_MESSAGES.presenceRequired),
  available: reportSlots,
});

/**
 * Body of POST /issue/issue: a new report for a unit of a property the caller may report for; `again_of`, a closed
 * repair of the same unit whose problem came back (its action report_again).
 */
export const reportBody = z.lazy(() => z.object({ property_id: id, ...reportFields(), again_of: z.optional(z.nullable(id)) }));
export type ReportBody = z.output<typeof reportBody>;
/** Body of PUT /issue/details?issue_id=: the report's fields, before the work starts. */
export const editIssueBody = z.lazy(() => z.object(reportFields()));
export type EditIssueBody = z.output<typeof editIssueBody>;

const reason = z.lazy(() =>
  z
    .string(REPAIR_MESSAGES.reasonRequired)
    .check(z.trim(), z.minLength(1, REPAIR_MESSAGES.reasonRequired), z.maxLength(REASON_MAX, REPAIR_MESSAGES.reasonTooLong)),
);
/** POST /issue/cancel and /issue/reopen: a reason is required (LOOP.md section 2). */
export const reasonBody = z.lazy(() => z.object({ reason }));
/** POST /issue/pick_slot: one of the slots the technician proposed. */
export const pickSlotBody = reportSlot;
/** POST /issue/request_slots: none of the proposed times suit; an optional note for the technician. */
export const requestSlotsBody = z.lazy(() =>
  z.object({
    note: z._default(z.string().check(z.trim(), z.maxLength(REASON_MAX, REPAIR_MESSAGES.reasonTooLong)), ""),
  }),
);
/** POST /issue/confirm: 1 to 5 stars and an optional comment. */
export const confirmBody = z.lazy(() =>
  z.object({
    rating: z.int(REPAIR_MESSAGES.ratingRequired).check(z.gte(1, REPAIR_MESSAGES.ratingRequired), z.lte(5, REPAIR_MESSAGES.ratingRequired)),
    comment: z._default(z.string().check(z.trim(), z.maxLength(COMMENT_MAX, REPAIR_MESSAGES.commentTooLong)), ""),
  }),
);
/** POST /issue/comment: the text; up to 3 photos follow through POST /issue/media?issue_id=&event_id=. */
export const commentBody = z.lazy(() =>
  z.object({
    body: z
      .string(REPAIR_MESSAGES.commentRequired)
      .check(z.trim(), z.minLength(1, REPAIR_MESSAGES.commentRequired), z.maxLength(COMMENT_MAX, REPAIR_MESSAGES.commentTooLong)),
  }),
);

const amount = z.lazy(() => z.int(REPAIR_MESSAGES.price).check(z.gte(0, REPAIR_MESSAGES.price), z.lte(AMOUNT_MAX, REPAIR_MESSAGES.price)));
/** One part of a work report: its unit price in the minor units of the property's currency (src/contract/money.ts). */
export const partSchema = z.lazy(() =>
  z.object({
    name: z
      .string(REPAIR_MESSAGES.partNameRequired)
      .check(z.trim(), z.minLength(1, REPAIR_MESSAGES.partNameRequired), z.maxLength(PART_NAME_MAX, REPAIR_MESSAGES.partNameTooLong)),
    qty: z.int(REPAIR_MESSAGES.partQty).check(z.gte(1, REPAIR_MESSAGES.partQty), z.lte(PART_QTY_MAX, REPAIR_MESSAGES.partQty)),
    unit_price: amount,
  }),
);
/** Another cost of a work report (call-out fee, disposal...), in minor units. */
export const extraCostSchema = z.lazy(() =>
  z.object({
    label: z
      .string(REPAIR_MESSAGES.costLabelRequired)
      .check(z.trim(), z.minLength(1, REPAIR_MESSAGES.costLabelRequired), z.maxLength(COST_LABEL_MAX, REPAIR_MESSAGES.costLabelTooLong)),
    amount,
  }),
);
/**
 * POST /issue/complete: the work report (LOOP.md section 2). `minutes` defaults to the time from start to now; at least
 * one after-photo must be uploaded first (POST /issue/media?issue_id=&phase=after).
 */
export const completeBody = z.lazy(() =>
  z.object({
    notes: z
      .string(REPAIR_MESSAGES.notesRequired)
      .check(z.trim(), z.minLength(1, REPAIR_MESSAGES.notesRequired), z.maxLength(NOTES_MAX, REPAIR_MESSAGES.notesTooLong)),
    parts: z._default(z.array(partSchema).check(z.maxLength(MAX_PARTS, REPAIR_MESSAGES.tooManyParts)), []),
    minutes: z.optional(z.int(REPAIR_MESSAGES.minutes).check(z.gte(1, REPAIR_MESSAGES.minutes), z.lte(MINUTES_MAX, REPAIR_MESSAGES.minutes))),
    extra_costs: z._default(z.array(extraCostSchema).check(z.maxLength(MAX_EXTRA_COSTS, REPAIR_MESSAGES.tooManyCosts)), []),
    follow_up: z._default(z.boolean(), false),
    occupant_damage: z._default(z.boolean(), false),
  }),
);
export type CompleteBody = z.output<typeof completeBody>;

export const repairsQuery = z.lazy(() =>
  z.object({
    status: z.optional(z.enum(["open", "closed"])),
    scope: z.optional(z.enum(["mine", "property", "company"])),
    property_id: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,9}$/, "property_id must be a whole number.")), z.transform(Number))),
  }),
);

// ---- answers -------------------------------------------------------------------------------------------------

/** A file of an issue or a comment: `url` (signed, private uploads) wins over SPEC.md's `path` when present. */
export const repairMedia = z.lazy(() =>
  z.looseObject({
    media_id: z.optional(z.number()),
    file_name: z._default(z.string(), ""),
    path: z._default(z.string(), ""),
    url: z.optional(z.string()),
    kind: z.optional(z.string()),
  }),
);
export type RepairMedia = z.infer<typeof repairMedia>;

/** One entry of GET /issue/timeline: a move (kind = the move's name, or "reported") or a comment (kind "comment"). */
export const timelineEntry = z.lazy(() =>
  z.looseObject({
    event_id: z.number(),
    kind: z.string(),
    from_stage: z._default(z.nullable(z.string()), null),
    to_stage: z._default(z.nullable(z.string()), null),
    note: z._default(z.nullable(z.string()), null),
    actor_name: z._default(z.nullable(z.string()), null),
    mine: z._default(z.boolean(), false),
    created_at: z.string(),
    images: z._default(z.array(repairMedia), []),
  }),
);
export type TimelineEntry = z.infer<typeof timelineEntry>;
export const timelineResponse = z.lazy(() => z.looseObject({ status: z.number(), data: z._default(z.array(timelineEntry), []) }));

/** Every issue answer of a move: the sentence and the issue as it is now (stage, actions, visit). */
export const moveAnswer = z.lazy(() => z.looseObject({ message: z._default(z.string(), ""), data: z.optional(issueSchema) }));
/** POST /issue/comment answer: the new timeline entry (its event_id names it for the photos). */
export const commentAnswer = z.lazy(() => z.looseObject({ message: z._default(z.string(), ""), data: timelineEntry }));
/** POST /issue/media answer. */
export const mediaAnswer = z.lazy(() => z.looseObject({ message: z._default(z.string(), ""), data: repairMedia }));

export { slotSchema };
