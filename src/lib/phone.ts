// A mobile number as every screen shows it: the dial code, a space, the national number ("+968 91234567"), whether the
// answer carries the two parts (profiles, staff, tenants) or the whole number (an issue's contacts: "+96891234567").

/**
 * ITU's country calling codes are prefix-free and one to three digits long: 1 and 7 alone, these two-digit ones, and
 * every other a three-digit one (the Gulf's +965 to +974 among them).
 */
const TWO_DIGITS = /^(2[07]|3[0-469]|4[013-9]|5[1-8]|6[0-6]|8[1246]|9[0-58])/;

/** "+968 91234567" from its parts; "" without a national number. */
export const phoneText = (code: string | null | undefined, national: string | null | undefined): string => (national ? `${code ?? ""} ${national}`.trim() : "");

/** A whole international number ("+96891234567") as phoneText shows it; anything else (already spaced, local) as it is. */
export function wholePhoneText(whole: string): string {
  const m = /^\+(\d{8,15})$/.exec(whole.trim());
  if (!m) return whole;
  const digits = m[1];
  const n = /^[17]/.test(digits) ? 1 : TWO_DIGITS.test(digits) ? 2 : 3;
  return phoneText(`+${digits.slice(0, n)}`, digits.slice(n));
}
