// Wire schemas of the company staff area (SPEC.md sections 3 and 7), shared by server/routes/company.ts and the
// add-employee sheet.
import * as z from "zod/mini";
import { DEFAULT_DIAL_CODE, DIAL_CODE, stripNumber } from "./common";
import { email } from "./email";
import { PHONE_MESSAGES, mobileChecks } from "./phone";

// The answers of the area live in ./staff.ts (zod only), so the staff list does not load the phone rules; they are
// named here too for the server.
export { type StaffRecord, type StaffResponse, staffRecord, staffResponse } from "./staff";
export { DIAL_CODE };

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
export const createEmployee = z.lazy(() =>
  z
    .object({
      name: z.string(EMPLOYEE_MESSAGES.nameRequired).check(z.trim(), z.minLength(1, EMPLOYEE_MESSAGES.nameRequired), z.maxLength(100, "Name is too long.")),
      mob_no: z
        .string(PHONE_MESSAGES.required)
        .check(z.overwrite(stripNumber), z.minLength(1, PHONE_MESSAGES.required), z.maxLength(20, PHONE_MESSAGES.invalid)),
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
    })
    .check(...mobileChecks()),
);
export type CreateEmployee = z.input<typeof createEmployee>;
