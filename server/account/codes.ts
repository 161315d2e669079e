// The codes of the account area (issue 14): a new email or mobile number is stored only once the code sent to it is
// entered (POST /user/change_contact + /user/verify_contact, and verify-info when it names a different one), and
// deleting an account without a password takes a code sent to the account (POST /user/delete_code). Until then the
// old email and mobile stay on the account and signing in with them keeps working. Codes are D9's: crypto.randomInt,
// stored hashed (argon2id), 10 minutes, 5 wrong tries, used once; 60 s between two codes of one kind and at most 5 an
// hour per account (429 with Retry-After); a new code voids the previous one of its kind.
//
// Text messages: there is no SMS provider. A code for a mobile number is kept in the outbox table (the same table the
// log mailer keeps mails in, D9) with the number in E.164 as recipient, and, like a mail without SMTP_URL, its text is
// written to the server log, so a person running the demo can finish the change (with DATABASE_URL, scripts/outbox.ts
// reads the table; with the embedded database, the log). With SMTP_URL set the log names the recipient only.
import { randomInt } from "node:crypto";
import { ACCOUNT_MESSAGES } from "../../src/contract/account";
import type { Queryable } from "../db/db";
import { clock } from "../lib/clock";
import type { Deps } from "../lib/env";
import { HttpError, tooMany } from "../lib/http";
import { type Lang, type Text, msg, translate } from "../lib/i18n";
import { hashPassword, verifyPassword } from "../lib/passwords";
import { deliver } from "../mail/mailer";
import { accountCodeMail, accountCodeSms } from "../mail/templates";
import { CODES_PER_HOUR, CODE_MAX_TRIES, CODE_TTL_MS, RESEND_COOLDOWN_MS } from "./limits";

export type CodeKind = "email" | "mobile" | "delete";

/** Where a code goes and what it confirms. `value`: the email, or the mobile number in E.164. */
export interface CodeTarget {
  kind: CodeKind;
  value: string;
  channel: "mail" | "sms";
  /** Kind mobile: what is stored once the code is entered (D16). */
  cntry_code?: string;
  mob_no?: string;
}

/** A code made and kept: what the caller sends after the transaction commits (`sendCode`). */
export interface IssuedCode {
  target: CodeTarget;
  code: string;
  expires_at: Date;
}

/** The change of an account waiting for its code, as answers carry it (`pending`). */
export type PendingChange = {
  kind: "email" | "mobile";
  value: string;
  cntry_code?: string;
  mob_no?: string;
  expires_at: string;
};

export const e164 = (cntryCode: string, mobNo: string) => `${cntryCode}${mobNo}`;
export const emailTarget = (email: string): CodeTarget => ({ kind: "email", value: email.trim().toLowerCase(), channel: "mail" });
export const mobileTarget = (cntryCode: string, mobNo: string): CodeTarget => ({
  kind: "mobile",
  value: e164(cntryCode, mobNo),
  channel: "sms",
  cntry_code: cntryCode,
  mob_no: mobNo,
});

interface Contact {
  email: string | null;
  mob_no: string | null;
  cntry_code: string | null;
}

/** Whether the target is what the account already has (the email without regard to case; dial code and number). */
export function isCurrent(user: Contact, t: CodeTarget): boolean {
  if (t.kind === "email") return (user.email ?? "").toLowerCase() === t.value;
  if (t.kind === "mobile") return user.mob_no === t.mob_no && user.cntry_code === t.cntry_code;
  return false;
}

/** 409 on the field when another account has the email or mobile number (the sentences of registration, D8). */
export async function assertContactFree(q: Queryable, userId: number, t: CodeTarget) {
  if (t.kind === "email") {
    const { rows } = await q.query("select 1 from users where lower(email) = $1 and user_id <> $2", [t.value, userId]);
    if (rows.length) throw new HttpError(409, msg("emailTaken"), { email: msg("emailTaken") });
  } else if (t.kind === "mobile") {
    // users_mob_no_key is on the national number alone, as registration checks it.
    const { rows } = await q.query("select 1 from users where mob_no = $1 and user_id <> $2", [t.mob_no, userId]);
    if (rows.length) throw new HttpError(409, msg("mobileTaken"), { mob_no: msg("mobileTaken") });
  }
}

/** A fresh 6-digit code and its hash; made before the transaction, so no lock waits on argon2. */
export async function newCode(): Promise<{ code: string; hash: string }> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  return { code, hash: await hashPassword(code) };
}

/** Serialises the codes of one account (two quick clicks must not both pass the cooldown). */
const lockAccount = (q: Queryable, userId: number) => q.query("select pg_advisory_xact_lock(hashtext($1))", [`account-code:${userId}`]);

/**
 * Keeps a new code for `target` inside the caller's transaction, voiding the previous one of its kind; throws 429
 * within 60 s of the last code of this kind or past 5 codes an hour for the account. With `keepSame`, a code of the
 * same kind and value sent within those 60 s still stands and nothing new is made (null): verify-info saved twice in
 * a row does not fail. A text message is kept in the outbox here, so it exists exactly when its code does.
 */
export async function keepCode(
  q: Queryable,
  userId: number,
  target: CodeTarget,
  made: { code: string; hash: string },
  lang: Lang,
  opts: { keepSame?: boolean; now?: number } = {},
): Promise<IssuedCode | null> {
  const now = opts.now ?? clock.now();
  await lockAccount(q, userId);
  const { rows: recent } = await q.query<{ kind: CodeKind; value: string; created_at: Date; pending: boolean }>(
    `select kind, value, created_at, (used_at is null and voided_at is null and expires_at > $3) as pending
       from contact_changes where user_id = $1 and created_at > $2 order by change_id desc`,
    [userId, new Date(now - 60 * 60_000), new Date(now)],
  );
  const last = recent.find((r) => r.kind === target.kind);
  const since = last ? now - new Date(last.created_at).getTime() : Number.POSITIVE_INFINITY;
  if (last && since < RESEND_COOLDOWN_MS) {
    if (opts.keepSame && last.pending && last.value === target.value) return null;
    const wait = RESEND_COOLDOWN_MS - since;
    throw tooMany(msg("resendWait", { seconds: Math.ceil(wait / 1000) }), wait);
  }
  if (recent.length >= CODES_PER_HOUR) {
    const fifth = new Date(recent[CODES_PER_HOUR - 1].created_at).getTime();
    throw tooMany(msg("tooManyAccountCodes"), fifth + 60 * 60_000 - now);
  }
  await q.query("update contact_changes set voided_at = $3 where user_id = $1 and kind = $2 and used_at is null and voided_at is null", [
    userId,
    target.kind,
    new Date(now),
  ]);
  const expires = new Date(now + CODE_TTL_MS);
  await q.query(
    `insert into contact_changes (user_id, kind, value, cntry_code, mob_no, code_hash, created_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [userId, target.kind, target.value, target.cntry_code ?? null, target.mob_no ?? null, made.hash, new Date(now), expires],
  );
  // Rows older than a day count toward nothing any more.
  await q.query("delete from contact_changes where user_id = $1 and created_at < $2", [userId, new Date(now - 24 * 60 * 60_000)]);
  if (target.channel === "sms")
    await q.query("insert into outbox (recipient, subject, body) values ($1, 'SMS', $2)", [
      target.value,
      accountCodeSms(made.code, target.kind, lang, CODE_TTL_MS / 60_000),
    ]);
  return { target, code: made.code, expires_at: expires };
}

/** Sends a kept code once its transaction has committed: a mail for an email; a text is already in the outbox. */
export async function sendCode(deps: Pick<Deps, "mailer" | "log">, issued: IssuedCode, lang: Lang) {
  const { target, code } = issued;
  if (target.channel === "sms") {
    const demo = !process.env.SMTP_URL?.trim();
    const text = demo ? accountCodeSms(code, target.kind, lang, CODE_TTL_MS / 60_000) : undefined;
    deps.log({ msg: "sms kept in the outbox (no SMS provider)", to: target.value, kind: target.kind, text });
    return;
  }
  await deliver(deps.mailer, accountCodeMail(target.value, code, target.kind, lang, CODE_TTL_MS / 60_000), deps.log);
}

/** A code's row as a check reads it. */
export interface ChangeRow {
  change_id: number;
  kind: CodeKind;
  value: string;
  cntry_code: string | null;
  mob_no: string | null;
}

const codeWrong = (left: number) => (left === 1 ? msg("codeWrong1") : msg("codeWrong", { left }));

/**
 * Checks `otp` against the pending code of `kind` inside the caller's transaction. Right: the row is used and returned.
 * Otherwise the sentence to answer with (the attempt is counted; the fifth wrong one voids the code): the caller lets
 * the transaction commit first, then throws, so the count stays.
 */
export async function checkCode(
  q: Queryable,
  userId: number,
  kind: CodeKind,
  otp: string,
  now = clock.now(),
): Promise<{ row: ChangeRow; detail?: undefined } | { row?: undefined; detail: Text }> {
  await lockAccount(q, userId);
  const { rows } = await q.query<ChangeRow & { code_hash: string; attempts: number; expires_at: Date }>(
    `select change_id, kind, value, cntry_code, mob_no, code_hash, attempts, expires_at from contact_changes
      where user_id = $1 and kind = $2 and used_at is null and voided_at is null
      order by change_id desc limit 1 for update`,
    [userId, kind],
  );
  const r = rows[0];
  if (!r || r.attempts >= CODE_MAX_TRIES) return { detail: ACCOUNT_MESSAGES.nothingPending };
  if (new Date(r.expires_at).getTime() <= now) return { detail: msg("codeExpired") };
  if (!(await verifyPassword(r.code_hash, otp))) {
    const attempts = r.attempts + 1;
    const dead = attempts >= CODE_MAX_TRIES;
    await q.query("update contact_changes set attempts = $2, voided_at = $3 where change_id = $1", [r.change_id, attempts, dead ? new Date(now) : null]);
    return { detail: dead ? msg("codeExhausted") : codeWrong(CODE_MAX_TRIES - attempts) };
  }
  await q.query("update contact_changes set used_at = $2 where change_id = $1", [r.change_id, new Date(now)]);
  return { row: r };
}

/** The account's changes still waiting for their code (at most one per kind), for `pending` in answers. */
export async function pendingChanges(q: Queryable, userId: number, now = clock.now()): Promise<PendingChange[]> {
  const { rows } = await q.query<{ kind: "email" | "mobile"; value: string; cntry_code: string | null; mob_no: string | null; expires_at: Date }>(
    `select kind, value, cntry_code, mob_no, expires_at from contact_changes
      where user_id = $1 and kind in ('email', 'mobile') and used_at is null and voided_at is null and expires_at > $2 and attempts < $3
      order by kind, change_id desc`,
    [userId, new Date(now), CODE_MAX_TRIES],
  );
  const seen = new Set<string>();
  return rows.flatMap((r) => {
    if (seen.has(r.kind)) return [];
    seen.add(r.kind);
    const base = { kind: r.kind, value: r.value, expires_at: new Date(r.expires_at).toISOString() };
    return [r.kind === "mobile" ? { ...base, cntry_code: r.cntry_code ?? "", mob_no: r.mob_no ?? "" } : base];
  });
}

/** "We sent a code to {value}…" in `lang` (the contract's sentence, translated by its text; the value put in after). */
export const codeSentText = (lang: Lang, value: string) => translate(lang, ACCOUNT_MESSAGES.codeSent).replace("{value}", value);

/**
 * Verify-info (server/profile) names an email or mobile number that differs from the one on file: instead of storing
 * it, a change waiting for its code is started for each, inside the caller's transaction (the same path as POST
 * /user/change_contact). Returns the codes to send once it commits (`sendCode`).
 */
export async function startChanges(q: Queryable, u: { user_id: number }, targets: CodeTarget[], made: Array<{ code: string; hash: string }>, language: Lang) {
  for (const target of targets) await assertContactFree(q, u.user_id, target);
  const issued: IssuedCode[] = [];
  for (const [i, target] of targets.entries()) {
    const kept = await keepCode(q, u.user_id, target, made[i], language, { keepSame: true });
    if (kept) issued.push(kept);
  }
  return issued;
}
