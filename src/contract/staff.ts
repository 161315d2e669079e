// What the company staff area answers (SPEC.md sections 3 and 7), as the app reads it: zod only, so the staff list and
// employee details load no form rules.
import * as z from "zod/mini";
import { text } from "./answer-fields";

// The answers below require only what SPEC.md names (user_id and name to show a person at all; status and data of the
// envelope) and let every other field through (looseObject); a missing text reads as none, a missing list as empty.
const pictures = () => z._default(z.nullable(z.array(profileItem)), []);

/** Items of staff_profile / comp_profile: `path` is relative to the users file host (/files/users/). */
export const profileItem = z.lazy(() => z.looseObject({ path: z.string() }));

/** A staff record as GET /company/staffs answers it. cntry_code and role are our additions (the call link needs the dial code). */
export const staffRecord = z.lazy(() =>
  z.looseObject({
    user_id: z.number(),
    name: z.string(),
    mob_no: text,
    email: text,
    cntry_code: z.optional(z.nullable(z.string())),
    role: z.optional(z.number()),
    job_title: text,
    staff_profile: pictures(),
    comp_name: text,
    comp_mob_no: text,
    comp_cntry_code: z.optional(z.nullable(z.string())),
    comp_email: text,
    comp_profile: pictures(),
    /** Has not set a password yet (our addition): the manager may send a new invitation (POST /company/reinvite). */
    invite_pending: z.optional(z.boolean()),
  }),
);
export type StaffRecord = z.infer<typeof staffRecord>;

/** GET /company/staffs?page_num=N and ?staff_id=ID: status 1 on success; `total` on pages; no data reads as none. */
export const staffResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    total: z.optional(z.number()),
    data: z._default(z.array(staffRecord), []),
  }),
);
export type StaffResponse = z.infer<typeof staffResponse>;

/** POST /company/create_user answer: HTTP 200 is success (SPEC.md section 7); our server adds the new employee as a
 * staff record, so the list can show it at once. */
export const createEmployeeResponse = z.lazy(() =>
  z.looseObject({
    message: z.optional(z.string()),
    data: z.optional(staffRecord),
    /** The employee's one-time link (LOOP.md section 1), for the manager to send by WhatsApp. */
    invite_url: z.optional(z.nullable(z.string())),
  }),
);

/** POST /company/reinvite?staff_id= answer: a new link for an employee who has not set a password yet. */
export const reinviteEmployeeResponse = z.lazy(() => z.looseObject({ message: z.optional(z.string()), invite_url: z.optional(z.nullable(z.string())) }));
