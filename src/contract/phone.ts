// The one mobile-number rule (D16): a number is checked for the chosen country with libphonenumber-js's mobile
// metadata and stored as the dial code plus the national number (E.164 when joined). SPEC.md's "exactly 10 digits"
// is dropped: Oman, Kuwait, Bahrain and Qatar use 8 digits, the UAE and Saudi Arabia 9.
// The metadata is about 24 KB of gzip: only the forms that take a mobile number (and the server) import this file,
// never the sign-in screen.
import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from "libphonenumber-js/mobile";
import * as z from "zod/mini";
import { DIAL_CODE, stripNumber } from "./common";
import { westernDigits } from "./digits";
import { PHONE_MESSAGES } from "./messages";

export { PHONE_MESSAGES };

let callingCodes: Set<string> | undefined;
/** Whether a dial code belongs to a country the metadata knows ("+968"; also "+1787", Puerto Rico within +1). */
export function isKnownDialCode(cntryCode: string): boolean {
  if (!DIAL_CODE.test(cntryCode)) return false;
  callingCodes ??= new Set(getCountries().map((c) => getCountryCallingCode(c)));
  const digits = cntryCode.slice(1);
  return [1, 2, 3].some((n) => n <= digits.length && callingCodes?.has(digits.slice(0, n)));
}

/**
 * The national number to store after `cntryCode` ("+968", "91000002" → "91000002"; "+966", "050 123 4567" →
 * "501234567"), or null when the text is not a mobile number of that country. The number may also be typed with
 * its "+" dial code, which must then be the chosen one.
 */
export function nationalMobile(cntryCode: string, mobNo: string): string | null {
  const dial = cntryCode.trim();
  const typed = stripNumber(westernDigits(mobNo.trim()));
  if (!DIAL_CODE.test(dial) || !typed) return null;
  const full = typed.startsWith("+") ? typed : `${dial}${typed}`;
  if (!/^\+\d{4,20}$/.test(full)) return null;
  const phone = parsePhoneNumberFromString(full);
  if (!phone?.isValid() || !phone.number.startsWith(dial)) return null;
  return phone.number.slice(dial.length);
}

type WithMobile = { cntry_code?: unknown; mob_no?: unknown };

const nationalOf = (v: WithMobile) =>
  typeof v.cntry_code === "string" && typeof v.mob_no === "string" && v.mob_no.trim() ? nationalMobile(v.cntry_code, v.mob_no) : undefined;

/** Stores a valid mob_no as its national number; anything else is left as it is for the rules to name. */
export const storeNational = <T extends WithMobile>() =>
  z.overwrite<T>((v) => {
    const n = nationalOf(v);
    return n ? { ...v, mob_no: n } : v;
  });

/**
 * The object-level checks of every schema with cntry_code and mob_no: a typed number that is not a mobile number
 * of the chosen country is an issue on mob_no; a valid one is stored as its national number. An empty or missing
 * number is left to the field's own rule (required or optional).
 */
export function mobileChecks<T extends WithMobile>() {
  return [
    z.superRefine<T>(
      (v, ctx) => {
        if (nationalOf(v) !== null) return;
        // A number cannot be judged against a dial code no country has: that code is what is wrong.
        if (typeof v.cntry_code === "string" && DIAL_CODE.test(v.cntry_code) && !isKnownDialCode(v.cntry_code))
          ctx.addIssue({ code: "custom", message: PHONE_MESSAGES.dialUnknown, path: ["cntry_code"], input: v.cntry_code });
        else ctx.addIssue({ code: "custom", message: PHONE_MESSAGES.invalid, path: ["mob_no"], input: v.mob_no });
      },
      // Also when another field failed (an unchosen role), so a form names every wrong field at once.
      { when: (payload) => typeof payload.value === "object" && payload.value !== null },
    ),
    storeNational<T>(),
  ] as const;
}
