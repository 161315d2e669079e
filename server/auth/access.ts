// Who may try to sign in, and when (D9 revised): failures count per pair of account and address, so nobody can lock an
// account from elsewhere; a pair that fails 5 times waits, 1 minute doubling up to 15; many failures on one account mail
// its owner, at most once an hour.
import type { Db } from "../db/db";
import { clock } from "../lib/clock";
import { tooMany } from "../lib/http";
import { msg } from "../lib/i18n";
import { clearLimit, countHit } from "../lib/rate-limit";
import type { Mailer } from "../mail/mailer";
import { deliver } from "../mail/mailer";
import { failedSignInsMail } from "../mail/templates";
import { ACCOUNT_ALERT_EVERY_MS, ACCOUNT_ALERT_FAILURES, PAIR_FIRST_WAIT_MS, PAIR_FREE_FAILURES, PAIR_MAX_WAIT_MS, PAIR_MEMORY_MS } from "./limits";

const PAIR = "login-pair";

/** The wait after `failures` failures of one pair: none below 5, then 1, 2, 4, 8, 15, 15... minutes. */
export const pairWaitMs = (failures: number) =>
  failures < PAIR_FREE_FAILURES ? 0 : Math.min(PAIR_MAX_WAIT_MS, PAIR_FIRST_WAIT_MS * 2 ** Math.min(20, failures - PAIR_FREE_FAILURES));

/** The pair's key: the account (or, for an identifier that names none, the identifier itself) and the address. */
export const pairKey = (account: string, address: string) => `${account}|${address}`;

/** Throws 429 while this pair waits; the right password is refused too, but only from this address. */
export async function assertPairMayTry(db: Db, pair: string, now = clock.now()) {
  const { rows } = await db.query<{ blocked_until: Date | null }>("select blocked_until from rate_limits where key = $1", [`${PAIR}:${pair}`]);
  const until = rows[0]?.blocked_until ? new Date(rows[0].blocked_until).getTime() : 0;
  if (until > now) throw tooMany(msg("pairWait", { seconds: Math.ceil((until - now) / 1000) }), until - now);
}

/** Counts a failure of the pair (sliding: forgotten an hour after the last) and starts its wait from the 5th. */
export async function recordPairFailure(db: Db, pair: string, now = clock.now()) {
  await db.tx(async (q) => {
    const { rows } = await q.query<{ count: number }>(
      `insert into rate_limits (key, window_start, expires_at, count) values ($1, $2, $3, 1)
       on conflict (key) do update set
         count = case when rate_limits.expires_at <= $2 then 1 else rate_limits.count + 1 end,
         window_start = $2, expires_at = $3
       returning count`,
      [`${PAIR}:${pair}`, new Date(now), new Date(now + PAIR_MEMORY_MS)],
    );
    const wait = pairWaitMs(rows[0].count);
    await q.query("update rate_limits set blocked_until = $2 where key = $1", [`${PAIR}:${pair}`, wait ? new Date(now + wait) : null]);
  });
}

/** A successful sign-in ends its pair's count. */
export const clearPair = (db: Db, pair: string) => clearLimit(db, PAIR, pair);

/** A password reset forgets every pair of the account. */
export async function clearAccountPairs(db: Db, userId: number) {
  await db.query("delete from rate_limits where key like $1", [`${PAIR}:u${userId}|%`]);
}

/** Counts a failure on the account from anywhere; the 20th in an hour mails its owner, at most once an hour. */
export async function noteAccountFailure(
  db: Db,
  mailer: Mailer,
  log: (e: Record<string, unknown>) => void,
  account: { user_id: number; email: string | null; name: string },
  now = clock.now(),
) {
  const failures = await countHit(db, "login-account", `u${account.user_id}`, ACCOUNT_ALERT_EVERY_MS, now);
  if (failures.count < ACCOUNT_ALERT_FAILURES || !account.email) return;
  // The alert's own window starts when it is sent, so two mails are always at least an hour apart.
  const alert = await countHit(db, "login-alert", `u${account.user_id}`, ACCOUNT_ALERT_EVERY_MS, now);
  if (alert.count === 1) await deliver(mailer, failedSignInsMail(account.email, account.name), log);
}
