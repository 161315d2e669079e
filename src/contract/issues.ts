// Wire schemas of the issue area (D4), shared by server/routes/issues.ts and src/api/issues.ts.
import * as z from "zod/mini";
import { workReport } from "./jobs";
import { list, text } from "./answer-fields";

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;
const TIME_RE = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a real calendar date written YYYY-MM-DD (rejects 2024-02-30). */
export function isCalendarDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** Accepts "HH:mm" and "HH:mm:ss" from the server, always returning "HH:mm". */
// The helpers too are built when a schema first parses with them, not as the module loads (issue 16).
const loosely = z.lazy(() =>
  z.pipe(
    z.string(),
    z.transform((s: string) => s.slice(0, 5)),
  ),
);

/** An availability slot as the app receives it (SPEC.md section 3). */
export const slotSchema = z.lazy(() => z.looseObject({ date: z.string(), time_from: loosely, time_to: loosely }));
export type Slot = z.infer<typeof slotSchema>;

/** A slot as the PUT body must hold it: date YYYY-MM-DD, times HH:mm, from before to. */
export const slotInput = z.lazy(() =>
  z
    .object({
      date: z.string().check(z.refine(isCalendarDate, "Dates must be real dates written YYYY-MM-DD.")),
      time_from: z.string().check(z.regex(TIME_RE, "Times must be written HH:mm.")),
      time_to: z.string().check(z.regex(TIME_RE, "Times must be written HH:mm.")),
    })
    .check(z.refine((s) => s.time_from < s.time_to, { message: "The start time must be before the end time.", path: ["time_to"] })),
);

/** Whether no time is given twice: two alike would show the other side two identical choices. */
const slotKey = (s: { date: string; time_from: string; time_to: string }) => `${s.date} ${s.time_from}-${s.time_to}`;
export const distinctSlots = (list: readonly { date: string; time_from: string; time_to: string }[]) => new Set(list.map(slotKey)).size === list.length;

export const MAX_SLOTS = 20;
/** Body of PUT /issue/issue?issue_id= (SPEC.md section 7). */
export const acknowledgeBody = z.lazy(() =>
  z.object({
    tech_available: z.array(slotInput).check(
      z.minLength(1, "Please fill in all fields."),
      z.maxLength(MAX_SLOTS, `At most ${MAX_SLOTS} availability slots.`),
      // The same time twice would show the tenant two identical choices (the words of the report's own rule).
      z.refine(distinctSlots, "Each time may be offered only once."),
    ),
    // Issue 11: the technician proposes their own times although the tenant gave some (none of them suits); the
    // issue then waits for the tenant to pick one (stage proposed). Absent or false: SPEC.md's rule.
    propose: z.optional(z.boolean()),
  }),
);
export type AcknowledgeBody = z.infer<typeof acknowledgeBody>;

const pathItem = z.lazy(() => z.looseObject({ path: z.string() }));
// `url`: a signed link to a private upload (issue 11); it wins over `path` when present. `media_id` names it for removal.
const mediaItem = z.lazy(() =>
  z.looseObject({ file_name: z.string(), path: z._default(z.string(), ""), url: z.optional(z.string()), media_id: z.optional(z.number()) }),
);
export type MediaItem = z.infer<typeof mediaItem>;

/** Structured address (SPEC.md section 3). */
export const addrsSchema = z.lazy(() =>
  z.looseObject({
    block: z.optional(z.nullable(z.string())),
    no: z.optional(z.nullable(z.string())),
    street: z.optional(z.nullable(z.string())),
    city: z.optional(z.nullable(z.string())),
    state: z.optional(z.nullable(z.string())),
    zipcode: z.optional(z.nullable(z.string())),
    country: z.optional(z.nullable(z.string())),
  }),
);
export type Addrs = z.infer<typeof addrsSchema>;

// What the app reads of an issue: SPEC.md's state fields (D4). Only what identifies and dates an issue is required;
// the rest reads as none or empty when a server leaves it out, and fields the app does not know yet (LOOP.md's stage,
// actions, ...) pass through (looseObject).

/** An issue in the shape of SPEC.md's state fields (D4). */
export const issueSchema = z.lazy(() =>
  z.looseObject({
    issue_id: z.number(),
    title: z.string(),
    issue_type: z._default(z.number(), 0),
    desc: z._default(z.string(), ""),
    issue_status: z.number(),
    created_at: z.string(),
    property_id: z.number(),
    name: z._default(z.string(), ""),
    addres: text,
    addrs: z._default(z.nullable(addrsSchema), null),
    location: z._default(z.nullable(z.looseObject({ lat: z.nullable(z.number()), lng: z.nullable(z.number()) })), null),
    images: list(mediaItem),
    issue_images: list(mediaItem),
    issue_videos: list(mediaItem),
    available: list(slotSchema),
    creater_name: text,
    creater_mob_no: text,
    creater_profile: list(pathItem),
    priority: z._default(z.number(), 0),
    prop_images: list(pathItem),
    // The acknowledged visit (LOOP.md section 2): the slot(s) the technician acknowledged, [] when none, and when.
    // Optional so that the app still works against a server that does not send them yet.
    tech_available: z.optional(z.array(slotSchema)),
    acknowledged_at: z.optional(z.nullable(z.string())),
    // Issue 11 (LOOP.md section 2, D20): the stage, the moves the caller may make now, and the agreed visit. `actions`
    // stays undefined when a server does not send it, so the screens can tell "none allowed" from "not told".
    stage: z.optional(z.string()),
    actions: z.optional(z.array(z.string())),
    visit: z.optional(z.nullable(slotSchema)),
    category: z.optional(z.nullable(z.number())),
    emergency: z.optional(z.boolean()),
    presence: z.optional(z.nullable(z.string())),
    unit_id: z.optional(z.nullable(z.number())),
    unit_name: z.optional(z.nullable(z.string())),
    /** The property's type (building, villa, townhouse, office): the badge names it (SPEC.md's Apartment for a building). */
    property_type: z.optional(z.nullable(z.string())),
    /** The property's access notes, for the job's technician while it is open. */
    access_notes: z.optional(z.nullable(z.string())),
    /** The technician's account (the job's own technician does not get a card to call themselves). */
    tech_id: z.optional(z.nullable(z.number())),
    tech_name: z.optional(z.nullable(z.string())),
    tech_mob_no: z.optional(z.nullable(z.string())),
    completed_at: z.optional(z.nullable(z.string())),
    rating: z.optional(z.nullable(z.number())),
    rating_comment: z.optional(z.nullable(z.string())),
    cancel_reason: z.optional(z.nullable(z.string())),
    /** Why a reopened repair is being worked on again, until it is completed again. */
    reopen_reason: z.optional(z.nullable(z.string())),
    updated_at: z.optional(z.nullable(z.string())),
    /** The caller reported this issue. */
    mine: z.optional(z.boolean()),
    // Issue 12: the work (started, on hold and why), the after-photos and the work report once completed (null before;
    // prices left out for tenants).
    started_at: z.optional(z.nullable(z.string())),
    held_at: z.optional(z.nullable(z.string())),
    hold_reason: z.optional(z.nullable(z.string())),
    after_images: z.optional(z.array(mediaItem)),
    work_report: z.optional(z.nullable(workReport)),
    /** Offered to independent technicians (the owner's `offer`), not yet taken. */
    offered: z.optional(z.boolean()),
    // Report again (LOOP.md section 2): this issue reports again an earlier, closed one (`repeat`; `again_of` its id
    // when the caller may open it), or was itself reported again (`reported_again`, the new one's id when the caller may
    // open it).
    repeat: z.optional(z.boolean()),
    again_of: z.optional(z.nullable(z.number())),
    reported_again: z.optional(z.nullable(z.number())),
  }),
);
export type Issue = z.infer<typeof issueSchema>;

/** True once availability was acknowledged: the server says when, or holds the technician's slots. */
export const isAcknowledged = (issue: Pick<Issue, "acknowledged_at" | "tech_available">) => !!issue.acknowledged_at || (issue.tech_available?.length ?? 0) > 0;

/** GET /issue/jobs: the lists' envelope (D4, LOOP.md section 4). */
export const jobsResponse = z.lazy(() => z.looseObject({ status: z.number(), total: z.number(), data: z._default(z.array(issueSchema), []) }));
export type JobsResponse = z.infer<typeof jobsResponse>;
export const issueResponse = z.lazy(() => z.looseObject({ status: z.number(), data: issueSchema }));

export const JOBS_PAGE_SIZE = 10;
export const jobsQuery = z.lazy(() =>
  z.object({
    status: z.optional(z.enum(["open", "closed"])),
    page_num: z.optional(z.pipe(z.string().check(z.regex(/^\d{1,6}$/, "page_num must be a whole number.")), z.transform(Number))),
  }),
);
export const issueIdQuery = z.lazy(() =>
  z.object({
    issue_id: z.pipe(z.string().check(z.regex(/^\d{1,9}$/, "issue_id must be a whole number.")), z.transform(Number)),
  }),
);
