import { westernDigits } from "../../src/contract/digits";

/** What a sign-in identifier names: an email, or a mobile number that may start with its dial code (D8). */
export type Identifier = { kind: "email"; email: string } | { kind: "mobile"; digits: string; hasDialCode: boolean };

/**
 * Reads "a@b.om", "+968 9100 0002", "0096891000002", "96891000002" or "91000002".
 * Returns null for anything that cannot name an account.
 */
export function parseIdentifier(raw: string): Identifier | null {
  const s = westernDigits(raw.trim());
  if (s.includes("@")) return /^[^\s@]+@[^\s@]+$/.test(s) && s.length <= 254 ? { kind: "email", email: s.toLowerCase() } : null;
  let digits = s.replace(/[\s\-.()\u00a0]/g, "");
  let hasDialCode = false;
  if (digits.startsWith("+")) {
    hasDialCode = true;
    digits = digits.slice(1);
  } else if (digits.startsWith("00")) {
    hasDialCode = true;
    digits = digits.slice(2);
  }
  return /^\d{6,19}$/.test(digits) ? { kind: "mobile", digits, hasDialCode } : null;
}
