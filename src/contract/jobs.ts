// Wire schemas of the job lifecycle after the report (issue 12; LOOP.md sections 2 to 4; D20): assignment and its
// candidates, offers to independent technicians, the work report as issues carry it, the technician's reports, the
// company's dashboard and the manager's home counts, and the e-receipt. Shared by the server (server/issues/,
// server/reports/) and the app (src/api/jobs.ts). Answers require only what LOOP.md names and let other fields through.
import * as z from "zod/mini";
import { list, num, text } from "./answer-fields";

// Built when a schema first parses with it, not as the module loads (issue 16), as the schemas below.
const media = z.lazy(() =>
  z.looseObject({
    media_id: z.optional(z.number()),
    file_name: z._default(z.string(), ""),
    path: z._default(z.string(), ""),
    url: z.optional(z.string()),
  }),
);

// ---- requests --------------------------------------------------------------------------------------------------

export const JOB_MESSAGES = {
  techRequired: "Please choose a technician.",
  monthFormat: "The month must be written YYYY-MM.",
  dateFormat: "Dates must be real dates written YYYY-MM-DD.",
  periodOrder: "The start of the period must not be after its end.",
} as const;

/** POST /issue/assign?issue_id=: the technician (one of GET /issue/candidates). */
export const assignBody = z.lazy(() => z.object({ tech_id: z.int(JOB_MESSAGES.techRequired).check(z.positive(JOB_MESSAGES.techRequired)) }));

const MONTH_RE = /^\d{4}-(0[1-9]|1[0-2])$/;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
/** GET /company/dashboard?month=YYYY-MM (default: this month in the company's time). */
export const dashboardQuery = z.lazy(() => z.object({ month: z.optional(z.string().check(z.regex(MONTH_RE, JOB_MESSAGES.monthFormat))) }));
/** GET /tech/reports?from=YYYY-MM-DD&to=YYYY-MM-DD (both days included; default: this month so far). */
export const techReportsQuery = z.lazy(() =>
  z
    .object({
      from: z.optional(z.string().check(z.regex(DAY_RE, JOB_MESSAGES.dateFormat))),
      to: z.optional(z.string().check(z.regex(DAY_RE, JOB_MESSAGES.dateFormat))),
    })
    .check(z.refine((q) => !q.from || !q.to || q.from <= q.to, { message: JOB_MESSAGES.periodOrder, path: ["to"] })),
);

// ---- answers ---------------------------------------------------------------------------------------------------

/**
 * GET /issue/candidates?issue_id= (the caller has `assign` in the issue's actions): who the issue can go to, best
 * first. A manager gets their company's technicians with the issue's category among their skills (with `all=1`, every
 * technician of theirs, those with the skill first; `others` counts those the skill left out); an owner of a property
 * no company runs gets the independent technicians with that skill whose service area covers the property.
 * Ordered by skill, distance (unknown last), then open jobs, then name.
 */
export const candidate = z.lazy(() =>
  z.looseObject({
    user_id: z.number(),
    name: z.string(),
    profile_path: text,
    job_title: text,
    skills: list(z.number()),
    /** Straight-line km from the technician's location (verify-info) to the property, one decimal; null when unknown. */
    distance_km: num,
    /** Issues assigned to them and not yet completed. */
    open_jobs: z._default(z.number(), 0),
    /** Already assigned to this issue (a reassignment picks someone else). */
    current: z._default(z.boolean(), false),
    /** Has the issue's skill (false only in a manager's list of all their technicians). */
    has_skill: z._default(z.boolean(), true),
    /** Declined this job before (listed after those who did not). */
    declined: z._default(z.boolean(), false),
  }),
);
export type Candidate = z.infer<typeof candidate>;
export const candidatesResponse = z.lazy(() => z.looseObject({ status: z.number(), data: list(candidate), others: z._default(z.number(), 0) }));
export type Candidates = z.infer<typeof candidatesResponse>;

/** A part as issues carry it: `unit_price` and `total` only for those who may see prices (never tenants). */
export const workPart = z.lazy(() =>
  z.looseObject({
    name: z.string(),
    qty: z.number(),
    unit_price: z.optional(z.number()),
    unit_price_text: z.optional(z.string()),
  }),
);
export const workCost = z.lazy(() => z.looseObject({ label: z.string(), amount: z.optional(z.number()), amount_text: z.optional(z.string()) }));

/**
 * The work report on an issue (GET /issue/issue and the moves' answers, once completed; null before): notes, parts,
 * time on site, other costs, follow-up, damage, the after-photos (the issue's `after_images`) and the signature.
 * Prices (parts' unit_price, costs' amount) are left out for tenants.
 */
export const workReport = z.lazy(() =>
  z.looseObject({
    notes: z.string(),
    minutes: z.number(),
    follow_up: z._default(z.boolean(), false),
    occupant_damage: z._default(z.boolean(), false),
    parts: list(workPart),
    extra_costs: list(workCost),
    signature: z._default(z.nullable(media), null),
    tech_name: text,
    created_at: z.optional(z.string()),
    currency: z.optional(z.string()),
    decimals: z.optional(z.number()),
  }),
);
export type WorkReport = z.infer<typeof workReport>;

/** GET /tech/reports: the technician's figures for the period and their work reports in it, newest first. */
export const techReportsResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({
      from: z.string(),
      to: z.string(),
      figures: z.looseObject({
        jobs_done: z._default(z.number(), 0),
        minutes: z._default(z.number(), 0),
        parts: z._default(z.number(), 0),
        average_rating: num,
        reopened: z._default(z.number(), 0),
      }),
      reports: list(
        z.looseObject({
          issue_id: z.number(),
          title: z.string(),
          property_name: text,
          unit_name: text,
          completed_at: z.string(),
          minutes: z.number(),
          parts: z._default(z.number(), 0),
          rating: num,
          stage: z.optional(z.string()),
        }),
      ),
    }),
  }),
);
export type TechReports = z.infer<typeof techReportsResponse>["data"];

/** GET /company/summary: the manager's /home counts, now. */
export const companySummaryResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({
      unassigned: z._default(z.number(), 0),
      waiting_acceptance: z._default(z.number(), 0),
      today_visits: z._default(z.number(), 0),
      overdue: z._default(z.number(), 0),
      /** The company's active staff (the /resources list's total). */
      staff: z.optional(z.number()),
    }),
  }),
);
export type CompanySummary = z.infer<typeof companySummaryResponse>["data"];

/** GET /company/dashboard?month=: SPEC.md's dashboard layout with the company's real figures for the month. */
export const dashboardResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({
      month: z.string(),
      properties: z.looseObject({
        total: z._default(z.number(), 0),
        building: z._default(z.number(), 0),
        villa: z._default(z.number(), 0),
        townhouse: z._default(z.number(), 0),
        office: z._default(z.number(), 0),
      }),
      figures: z.looseObject({
        reported: z._default(z.number(), 0),
        completed: z._default(z.number(), 0),
        open: z._default(z.number(), 0),
        average_rating: num,
        minutes: z._default(z.number(), 0),
      }),
      workers: list(
        z.looseObject({
          user_id: z.number(),
          name: z.string(),
          job_title: text,
          profile_path: text,
          open_jobs: z._default(z.number(), 0),
          done: z._default(z.number(), 0),
        }),
      ),
      tasks: list(
        z.looseObject({
          issue_id: z.number(),
          title: z.string(),
          property_type: text,
          desc: z._default(z.string(), ""),
          stage: z.string(),
          updated_at: z.string(),
        }),
      ),
    }),
  }),
);
export type Dashboard = z.infer<typeof dashboardResponse>["data"];

/** GET /issue/receipt?issue_id= (owner, the company's managers; `receipt` in the issue's actions). */
export const receiptResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({
      receipt_no: z.number(),
      issued_at: z.string(),
      completed_at: text,
      // addres and addrs as an issue carries them, for the app to write the address in its reader's language; unit_id
      // null: the building's common areas.
      property: z.looseObject({
        name: z.string(),
        address: text,
        addres: z.optional(text),
        addrs: z.optional(z.nullable(z.record(z.string(), z.nullable(z.string())))),
        unit_id: z.optional(z.nullable(z.number())),
        unit: text,
      }),
      company: z.looseObject({ name: text, reg_no: text }),
      technician: z.looseObject({ name: text }),
      work: z.looseObject({ notes: z.string(), minutes: z.number(), follow_up: z.optional(z.boolean()), occupant_damage: z.optional(z.boolean()) }),
      before_photos: list(media),
      after_photos: list(media),
      parts: list(z.looseObject({ name: z.string(), qty: z.number(), unit_price_text: z.string(), total_text: z.string() })),
      labour: z.looseObject({ minutes: z.number(), hourly_rate_text: z.string(), amount_text: z.string() }),
      extra_costs: list(z.looseObject({ label: z.string(), amount_text: z.string() })),
      subtotal_text: z.string(),
      vat_rate: z.number(),
      vat_text: z.string(),
      total_text: z.string(),
      currency: z.string(),
      decimals: z.number(),
      rating: num,
      rating_comment: text,
      signature: z.optional(z.nullable(media)),
    }),
  }),
);
export type Receipt = z.infer<typeof receiptResponse>["data"];
