// The enable and submit rules of the three registration forms (SPEC.md section 5, DECISIONS.md D6), kept pure so
// they can be tested apart from the screens. Messages are translation keys.
import type * as z from "zod/mini";
import { MESSAGES } from "../../contract/messages";

export interface CustomerForm {
  name: string;
  email: string;
  cntry_code: string;
  mob_no: string;
  password: string;
  terms_service: boolean;
  /** A Google sign-up's registration ticket (POST /oauth/session): it stands in for the password. */
  oauth_ticket?: string;
}
/** The customer's fields plus skills and languages. */
export interface TechnicianForm extends CustomerForm {
  skills: number[];
  language: string[];
}
/** The customer's fields plus the registration number. */
export interface CompanyForm extends CustomerForm {
  reg_no: string;
}

const filled = (s: string) => s.trim().length > 0;
/** A password typed, or a Google sign-up, which needs none. */
const passwordOrGoogle = (f: CustomerForm) => filled(f.password) || !!f.oauth_ticket;

/** The translation keys of what a sign-up still needs before its button is enabled, in the form's order. */
const needs = (pairs: ReadonlyArray<readonly [boolean, string]>) => pairs.filter(([ok]) => !ok).map(([, key]) => key);
const TERMS = "register.needs.terms";

/** Technician sign-up is enabled once name, mobile, a skill, a language and the terms are given (SPEC.md section 5). */
export const technicianMissing = (f: TechnicianForm) =>
  needs([
    [filled(f.name), "register.fields.name"],
    [filled(f.mob_no), "register.fields.mobile"],
    [f.skills.length > 0, "register.fields.skills"],
    [f.language.length > 0, "register.fields.languages"],
    [f.terms_service, TERMS],
  ]);
export const technicianCanSubmit = (f: TechnicianForm) => !technicianMissing(f).length;

/** Submitting also needs the password and dial code: otherwise 'Please fill in all required fields.' */
export const technicianComplete = (f: TechnicianForm) => technicianCanSubmit(f) && passwordOrGoogle(f) && filled(f.cntry_code);

/** What a customer's and a company's sign-up both need after their names: contact, password (or Google) and the terms. */
const contactAndTerms = (f: CustomerForm): ReadonlyArray<readonly [boolean, string]> => [
  [filled(f.email), "register.fields.email"],
  [filled(f.cntry_code), "register.fields.dialCode"],
  [filled(f.mob_no), "register.fields.mobile"],
  [passwordOrGoogle(f), "register.fields.password"],
  [f.terms_service, TERMS],
];

/** Customer sign-up (D6) follows the company rule: every field and the terms. */
export const customerMissing = (f: CustomerForm) => needs([[filled(f.name), "register.fields.name"], ...contactAndTerms(f)]);
export const customerCanSubmit = (f: CustomerForm) => !customerMissing(f).length;

/** Company sign-up is enabled only when every field and the terms are filled in (SPEC.md sections 4 and 5). */
export const companyMissing = (f: CompanyForm) =>
  needs([[filled(f.name), "register.fields.companyName"], [filled(f.reg_no), "register.fields.regNo"], ...contactAndTerms(f)]);
export const companyCanSubmit = (f: CompanyForm) => !companyMissing(f).length;

/** The translation key of each contract message; any other message of a field reads as "Please check this field." */
const MESSAGE_KEYS: Record<string, string> = {
  [MESSAGES.emailInvalid]: "register.errors.emailInvalid",
  [MESSAGES.mobInvalid]: "register.errors.mobileInvalid",
  [MESSAGES.passwordShort]: "register.errors.passwordShort",
  [MESSAGES.skillsRequired]: "register.errors.skills",
  [MESSAGES.languagesRequired]: "register.errors.languages",
  [MESSAGES.terms]: "register.termsRequired",
  [MESSAGES.nameRequired]: "register.required",
  [MESSAGES.nameTooLong]: "register.errors.nameTooLong",
  [MESSAGES.regNoTooLong]: "register.errors.regNoTooLong",
  [MESSAGES.emailRequired]: "register.required",
  [MESSAGES.mobRequired]: "register.required",
  [MESSAGES.passwordRequired]: "register.required",
  [MESSAGES.regNoRequired]: "register.required",
};

/**
 * Checks a registration body with the contract schema the server validates it with (one rule per field: the email
 * rule, the mobile number for the chosen country (D16), the password length). Gives the translation key of each
 * invalid field, or the body to send (the mobile stored as its national number).
 */
export function checkRegistration<S extends z.ZodMiniType>(schema: S, body: unknown): { errors: Record<string, string>; data?: z.output<S> } {
  const result = schema.safeParse(body);
  if (result.success) return { errors: {}, data: result.data };
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[fieldOf(issue.path.map(String).join("."))] ??= MESSAGE_KEYS[issue.message] ?? "register.errors.invalid";
  return { errors };
}

/** The field a server error key belongs to ("skills.0" → "skills"). */
export const fieldOf = (key: string) => key.split(/[.[]/)[0];

/** Server field errors keyed by form field. */
export function serverFieldErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, sentence] of Object.entries(errors)) out[fieldOf(key)] ??= sentence;
  return out;
}
