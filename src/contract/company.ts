// Wire schemas of the company staff area (SPEC.md sections 3 and 7), shared by server/routes/company.ts and src/api/company.ts.
import * as z from "zod/mini";
import { DEFAULT_DIAL_CODE, DIAL_CODE, stripNumber } from "./common";
import { email } from "./email";
import { PHONE_MESSAGES, mobileChecks } from "./phone";

export { DIAL_CODE };

// The answers below require only what SPEC.md names (user_id and name to show a person at all; status and data of the
// envelope) and let every other field through (looseObject); a missing text reads as none, a missing list as empty.
const text = z._default(z.nullable(z.string()), null);
const pictures = () => z._default(z.nullable(z.array(profileItem)), []);

/** Items of staff_profile / comp_profile: `path` is relative to the users file host (/files/users/). */
export const profileItem = z.looseObject({ path: z.string() });

/** A staff record as GET /company/staffs answers it. cntry_code and role are our additions (the call link needs the dial code). */
export const staffRecord = z.looseObject({
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
  comp_email: text,
  comp_profile: pictures(),
});
export type StaffRecord = z.infer<typeof staffRecord>;

/** GET /company/staffs?page_num=N and ?staff_id=ID: status 1 on success; `total` on pages; no data reads as none. */
export const staffResponse = z.looseObject({
  status: z.number(),
  total: z.optional(z.number()),
  data: z._default(z.array(staffRecord), []),
});
export type StaffResponse = z.infer<typeof staffResponse>;

export const STAFF_PAGE_SIZE = 10;
export const LANGUAGE_CODE = /^[a-z]{2}$/;

/** Employee role codes of the add-employee payload (SPEC.md section 9): '3' manager, '4' technician. */
export const EMPLOYEE_ROLES = ["3", "4"] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

export const EMPLOYEE_MESSAGES = {
  nameRequired: "Name is required.",
  dialRequired: "Please choose a country code.",
  roleRequired: "Role must be '3' (manager) or '4' (technician).",
} as const;

/**
 * POST /company/create_user body (SPEC.md sections 3 and 5, D16): the add-employee sheet checks its form with this
 * schema and the server validates the body with it; the server further checks the dial code and language codes
 * against the data packages. The mobile number is checked for the chosen country, not SPEC.md's "exactly 10 digits".
 */
export const createEmployee = z.object({
  name: z.string(EMPLOYEE_MESSAGES.nameRequired).check(z.trim(), z.minLength(1, EMPLOYEE_MESSAGES.nameRequired), z.maxLength(100, "Name is too long.")),
  mob_no: z.string(PHONE_MESSAGES.required).check(z.overwrite(stripNumber), z.minLength(1, PHONE_MESSAGES.required), z.maxLength(20, PHONE_MESSAGES.invalid)),
  email,
  cntry_code: z._default(z.string(EMPLOYEE_MESSAGES.dialRequired).check(z.trim(), z.regex(DIAL_CODE, EMPLOYEE_MESSAGES.dialRequired)), DEFAULT_DIAL_CODE),
  role: z.enum(EMPLOYEE_ROLES, EMPLOYEE_MESSAGES.roleRequired),
  skills: z._default(
    z.array(z.int("Skills must be skill ids.").check(z.gte(1, "Unknown skill."), z.lte(33, "Unknown skill."))).check(z.maxLength(33, "Too many skills.")),
    [],
  ),
  languages: z._default(
    z.array(z.string().check(z.regex(LANGUAGE_CODE, "Languages must be two-letter ISO 639-1 codes."))).check(z.maxLength(50, "Too many languages.")),
    [],
  ),
}).check(...mobileChecks());
export type CreateEmployee = z.input<typeof createEmployee>;

/** POST /company/create_user answer: HTTP 200 is success (SPEC.md section 7); our server adds the new employee as a
 * staff record, so the list can show it at once. */
export const createEmployeeResponse = z.looseObject({
  message: z.optional(z.string()),
  data: z.optional(staffRecord),
});
