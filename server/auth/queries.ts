// SQL of the accounts area.
import type { Db, Queryable } from "../db/db";
import { SESSION_MS } from "../../src/contract/session";
import { type AuthUser, createSession } from "../lib/auth";
import { HttpError, conflictFrom } from "../lib/http";
import { DEFAULT_DIAL_CODE } from "../../src/contract/common";
import type { Identifier } from "./identifier";

/** One transaction; a unique violation that slipped past the checks still answers 409 naming the field. */
export async function write<T>(db: Db, fn: (q: Queryable) => Promise<T>): Promise<T> {
  try {
    return await db.tx(fn);
  } catch (e) {
    throw conflictFrom(e) ?? e;
  }
}

/** 409 naming every taken field (D8), checked inside the registration's transaction. */
export async function assertFree(q: Queryable, f: { email?: string | null; mob_no?: string; reg_no?: string }) {
  const errors: Record<string, string> = {};
  if (f.email && (await q.query("select 1 from users where lower(email) = $1", [f.email])).rows.length) errors.email = "This email is already registered.";
  if (f.mob_no && (await q.query("select 1 from users where mob_no = $1", [f.mob_no])).rows.length) errors.mob_no = "This mobile number is already registered.";
  if (f.reg_no && (await q.query("select 1 from companies where lower(reg_no) = lower($1)", [f.reg_no])).rows.length)
    errors.reg_no = "This registration number is already registered.";
  const first = Object.values(errors)[0];
  if (first) throw new HttpError(409, first, errors);
}

/** Serialises the recovery steps of one email (two quick clicks must not both pass the cooldown). */
export const lockEmail = (q: Queryable, email: string) => q.query("select pg_advisory_xact_lock(hashtext($1))", [`reset:${email}`]);

/** An account as sign-in reads it: what a session sees, plus the secrets it must check. */
export interface AccountRow extends AuthUser {
  password_hash: string | null;
  disabled: boolean;
}

const COLUMNS = "user_id, role, name, email, mob_no, cntry_code, company_id, got_email_mob, password_hash, disabled";

/**
 * Finds the account an identifier names (D16). A number written with "+" or "00" is dial code + national number and
 * matches only that. A bare number is tried as a national number under the default +968 first; then as dial code +
 * national number written without "+" (968..., 1...); then as a national number under any other dial code. Each of the
 * last two readings counts only when exactly one account has it; otherwise the number is unknown (the same 401).
 */
export async function findAccount(q: Queryable, id: Identifier): Promise<AccountRow | null> {
  if (id.kind === "email") {
    const { rows } = await q.query<AccountRow>(`select ${COLUMNS} from users where lower(email) = $1`, [id.email]);
    return rows[0] ?? null;
  }
  const international = `ltrim(cntry_code, '+') || mob_no = $1`;
  if (id.hasDialCode) {
    // Two accounts cannot share dial code and number in practice; if they ever did, neither is guessed.
    const { rows } = await q.query<AccountRow>(`select ${COLUMNS} from users where ${international} limit 2`, [id.digits]);
    return rows.length === 1 ? rows[0] : null;
  }
  const national = await q.query<AccountRow>(`select ${COLUMNS} from users where cntry_code = $2 and mob_no = $1`, [id.digits, DEFAULT_DIAL_CODE]);
  if (national.rows[0]) return national.rows[0];
  for (const where of [international, "mob_no = $1"]) {
    const { rows } = await q.query<AccountRow>(`select ${COLUMNS} from users where ${where} limit 2`, [id.digits]);
    if (rows.length === 1) return rows[0];
    if (rows.length > 1) return null;
  }
  return null;
}

/**
 * What signing in answers (POST /user/login, and POST /invite/accept, which signs the invited person in): a new
 * session's token and the account's fields the app keeps (SPEC.md section 3).
 */
export async function signedInAnswer(q: Queryable, account: AuthUser, message: string, now: number) {
  const access_token = await createSession(q, account.user_id, now);
  return {
    message,
    access_token,
    token_type: "bearer",
    expires_in: SESSION_MS / 1000,
    role: account.role,
    got_email_mob: account.got_email_mob,
    user_id: account.user_id,
    name: account.name,
    email: account.email,
    mob_no: account.mob_no,
    cntry_code: account.cntry_code,
    company_id: account.company_id,
  };
}
