import type { AuthUser } from "./auth";
import type { Queryable } from "../db/db";

/** What a sign-in identifier names: an email, or a mobile number that may start with its dial code (D8). */
export type Identifier = { kind: "email"; email: string } | { kind: "mobile"; digits: string; hasDialCode: boolean };

/**
 * Reads "a@b.om", "+968 9100 0002", "0096891000002", "96891000002" or "91000002".
 * Returns null for anything that cannot name an account.
 */
export function parseIdentifier(raw: string): Identifier | null {
  const s = raw.trim();
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

/** An account as sign-in reads it: what a session sees, plus the secrets it must check. */
export interface AccountRow extends AuthUser {
  password_hash: string | null;
  disabled: boolean;
}

const COLUMNS = "user_id, role, name, email, mob_no, cntry_code, company_id, got_email_mob, password_hash, disabled";

/**
 * Finds the account an identifier names. A bare number may be the mobile number alone or dial code + number;
 * when both match different accounts, a number written with "+" or "00" prefers the dial-code reading.
 */
export async function findAccount(q: Queryable, id: Identifier): Promise<AccountRow | null> {
  if (id.kind === "email") {
    const { rows } = await q.query<AccountRow>(`select ${COLUMNS} from users where lower(email) = $1`, [id.email]);
    return rows[0] ?? null;
  }
  const { rows } = await q.query<AccountRow>(
    `select ${COLUMNS} from users
      where mob_no = $1 or ltrim(cntry_code, '+') || mob_no = $1
      order by case when (mob_no = $1) = $2 then 0 else 1 end, user_id
      limit 1`,
    [id.digits, !id.hasDialCode],
  );
  return rows[0] ?? null;
}
