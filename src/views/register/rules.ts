// The enable and submit rules of the three registration forms (SPEC.md section 5, DECISIONS.md D6), kept pure so
// they can be tested apart from the screens. Messages are translation keys.
import { MOBILE_NUMBER, PASSWORD_MIN } from "../../contract/auth";
import { EMAIL, stripNumber } from "../../contract/common";

export interface CustomerForm {
  name: string;
  email: string;
  cntry_code: string;
  mob_no: string;
  password: string;
  terms_service: boolean;
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

/** Technician sign-up is enabled once name, mobile, a skill, a language and the terms are given (SPEC.md section 5). */
export const technicianCanSubmit = (f: TechnicianForm) =>
  filled(f.name) && filled(f.mob_no) && f.skills.length > 0 && f.language.length > 0 && f.terms_service;

/** Submitting also needs the password and dial code: otherwise 'Please fill in all required fields.' */
export const technicianComplete = (f: TechnicianForm) => technicianCanSubmit(f) && filled(f.password) && filled(f.cntry_code);

/** Company sign-up is enabled only when every field and the terms are filled in (SPEC.md sections 4 and 5). */
export const companyCanSubmit = (f: CompanyForm) =>
  [f.name, f.email, f.password, f.mob_no, f.cntry_code, f.reg_no].every(filled) && f.terms_service;

/** Customer sign-up (D6) follows the company rule: every field and the terms. */
export const customerCanSubmit = (f: CustomerForm) => [f.name, f.email, f.password, f.mob_no, f.cntry_code].every(filled) && f.terms_service;


/** Field checks made before anything is sent; an empty optional email is fine. Values are translation keys. */
export function fieldProblems(f: { email: string; mob_no: string; password: string }): Record<string, string> {
  const out: Record<string, string> = {};
  if (filled(f.email) && !EMAIL.test(f.email.trim())) out.email = "register.errors.emailInvalid";
  if (filled(f.mob_no) && !MOBILE_NUMBER.test(stripNumber(f.mob_no.trim()))) out.mob_no = "register.errors.mobileInvalid";
  if (f.password.length > 0 && f.password.length < PASSWORD_MIN) out.password = "register.errors.passwordShort";
  return out;
}

/** The field a server error key belongs to ("skills.0" → "skills"). */
export const fieldOf = (key: string) => key.split(/[.[]/)[0];

/** Server field errors keyed by form field. */
export function serverFieldErrors(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, sentence] of Object.entries(errors)) out[fieldOf(key)] ??= sentence;
  return out;
}
