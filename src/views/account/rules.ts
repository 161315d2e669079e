// The account forms' checks (issue 14): the contract schemas the server validates with, each issue turned into a
// translation key on the field it belongs to, and a failed write read the same way (D8: `detail`, and `errors` per
// field, already in the user's language, D17). Pure, so the tests can call it apart from the screens.
import type * as z from "zod/mini";
import { ACCOUNT_MESSAGES, type AccountProfile } from "../../contract/account";
import { EMAIL_MESSAGES, MESSAGES, PHONE_MESSAGES } from "../../contract/messages";
import { westernNumber } from "../../contract/digits";
import { currencyDecimals } from "../../contract/money";
import { parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import { checkWith } from "./form-check";
import { phoneText } from "../../lib/phone";

export { type Failure, failureOf, fieldOf } from "./form-check";

/** Contract sentence → translation key (locales/account). Any other sentence reads as "Please check this field." */
const KEYS: Record<string, string> = {
  [MESSAGES.nameRequired]: "account.errors.nameRequired",
  [MESSAGES.nameTooLong]: "account.errors.nameTooLong",
  [MESSAGES.languagesRequired]: "account.errors.languages",
  [MESSAGES.skillsRequired]: "account.errors.skills",
  [MESSAGES.passwordRequired]: "account.errors.passwordRequired",
  [MESSAGES.passwordShort]: "account.errors.passwordShort",
  [MESSAGES.passwordLong]: "account.errors.passwordLong",
  [MESSAGES.mismatch]: "account.errors.mismatch",
  [MESSAGES.otpInvalid]: "account.errors.otp",
  [MESSAGES.dialInvalid]: "account.errors.dial",
  [EMAIL_MESSAGES.required]: "account.errors.emailRequired",
  [EMAIL_MESSAGES.invalid]: "account.errors.emailInvalid",
  [PHONE_MESSAGES.required]: "account.errors.mobileRequired",
  [PHONE_MESSAGES.invalid]: "account.errors.mobileInvalid",
  [ACCOUNT_MESSAGES.companyNameRequired]: "account.errors.companyName",
  [ACCOUNT_MESSAGES.regNoRequired]: "account.errors.regNo",
  [ACCOUNT_MESSAGES.hourlyRateInvalid]: "account.errors.hourlyRate",
  "Please enter an area range greater than 0 km.": "account.errors.areaRange",
  "Please enter a response frequency of at least 1 day.": "account.errors.respondTime",
  "Please choose your location.": "account.errors.location",
};

/** Checks `body` with `schema`: the body to send, or a translation key per field (the first issue of each). */
export const check = <S extends z.ZodMiniType>(schema: S, body: unknown) => checkWith(schema, body, KEYS);

export { westernNumber };

/** A number as typed ("12", "2.5", "١٢"), or NaN when it is not one; empty is null (nothing entered). */
export function numberOf(text: string): number | null {
  const s = westernNumber(text).trim();
  if (!s) return null;
  return /^\d+(?:[.,]\d+)?$/.test(s) ? Number(s.replace(",", ".")) : Number.NaN;
}

/** The decimals of the company's currency; an unknown code reads with 2, as most currencies have. */
export function decimalsOf(currency: string): number {
  try {
    return currencyDecimals(currency);
  } catch {
    return 2;
  }
}

/** The fields of `next` that differ from `before` (arrays and objects compared by value): what a PUT sends. */
export function changed<T extends Record<string, unknown>>(before: T, next: T): Partial<T> {
  const out: Partial<T> = {};
  for (const key of Object.keys(next) as (keyof T)[]) if (JSON.stringify(before[key]) !== JSON.stringify(next[key])) out[key] = next[key];
  return out;
}

/** "A. Rahman" → "AR": the initials of a name for a person without a photo. */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? "").trim().split(/\s+/).filter(Boolean);
  if (!words.length) return "?";
  const first = [...words[0]][0] ?? "";
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? "") : "";
  return (first + last).toUpperCase();
}

/** The mobile number to show: "+968 91234567". */
export const phoneOf = (p: Pick<AccountProfile, "cntry_code" | "mob_no">) => phoneText(p.cntry_code, p.mob_no);

/** Whether the answer carries the technician's section, the company's, a password (LOOP.md: sections come from the answer). */
export const hasWork = (p: AccountProfile) => p.skills !== undefined || p.area_range !== undefined;
export const hasCompany = (p: AccountProfile) => p.company !== undefined;

/**
 * A mobile number as a pending change names it ("+968 91234567", or "+96891234567") split into the dial code and the
 * national number that POST /user/change_contact takes; null when it cannot be read.
 */
export function splitPhone(value: string): { cntry_code: string; mob_no: string } | null {
  const spaced = /^(\+\d{1,4})[\s\u00a0]+([\d\s\u00a0-]+)$/.exec(value.trim());
  if (spaced) return { cntry_code: spaced[1], mob_no: spaced[2].replace(/\D/g, "") };
  const phone = parsePhoneNumberFromString(value.trim());
  return phone ? { cntry_code: `+${phone.countryCallingCode}`, mob_no: phone.nationalNumber } : null;
}
