// Wire schemas of the company staff area (SPEC.md sections 3 and 7), shared by server/routes/company.ts and src/api/company.ts.
import * as z from "zod/mini";
import { DEFAULT_DIAL_CODE, DIAL_CODE, EMAIL } from "./common";

export { DIAL_CODE, EMAIL };

/** Items of staff_profile / comp_profile: `path` is relative to the users file host (/files/users/). */
export const profileItem = z.object({ path: z.string() });

/** A staff record as GET /company/staffs answers it. cntry_code and role are our additions (the call link needs the dial code). */
export const staffRecord = z.object({
  user_id: z.number(),
  name: z.string(),
  mob_no: z.nullable(z.string()),
  email: z.nullable(z.string()),
  cntry_code: z.optional(z.nullable(z.string())),
  role: z.optional(z.number()),
  job_title: z.nullable(z.string()),
  staff_profile: z.array(profileItem),
  comp_name: z.nullable(z.string()),
  comp_mob_no: z.nullable(z.string()),
  comp_email: z.nullable(z.string()),
  comp_profile: z.array(profileItem),
});
export type StaffRecord = z.infer<typeof staffRecord>;

/** GET /company/staffs?page_num=N and ?staff_id=ID: status 1 on success; `total` on pages. */
export const staffResponse = z.object({
  status: z.number(),
  total: z.optional(z.number()),
  data: z.array(staffRecord),
});
export type StaffResponse = z.infer<typeof staffResponse>;

export const STAFF_PAGE_SIZE = 10;
export const MOBILE_DIGITS = /^\d{10}$/;
export const LANGUAGE_CODE = /^[a-z]{2}$/;

/** Employee role codes of the add-employee payload (SPEC.md section 9): '3' manager, '4' technician. */
export const EMPLOYEE_ROLES = ["3", "4"] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

/** POST /company/create_user body; the server further checks the dial code and language codes against the data packages. */
export const createEmployee = z.object({
  name: z.string().check(z.trim(), z.minLength(1, "Name is required."), z.maxLength(100, "Name is too long.")),
  mob_no: z.string().check(z.trim(), z.regex(MOBILE_DIGITS, "Mobile number must be exactly 10 digits.")),
  email: z.string().check(z.trim(), z.toLowerCase(), z.maxLength(254, "Email is too long."), z.regex(EMAIL, "Please enter a valid email address.")),
  cntry_code: z._default(z.string().check(z.trim(), z.regex(DIAL_CODE, "Please choose a country code.")), DEFAULT_DIAL_CODE),
  role: z.enum(EMPLOYEE_ROLES, "Role must be '3' (manager) or '4' (technician)."),
  skills: z._default(
    z.array(z.int("Skills must be skill ids.").check(z.gte(1, "Unknown skill."), z.lte(33, "Unknown skill."))).check(z.maxLength(33, "Too many skills.")),
    [],
  ),
  languages: z._default(
    z.array(z.string().check(z.regex(LANGUAGE_CODE, "Languages must be two-letter ISO 639-1 codes."))).check(z.maxLength(50, "Too many languages.")),
    [],
  ),
});
export type CreateEmployee = z.input<typeof createEmployee>;

/** POST /company/create_user answer: the new employee as a staff record, so the list can show it at once. */
export const createEmployeeResponse = z.object({
  message: z.string(),
  data: z.optional(staffRecord),
});
