// Rows that are only kept for a while: without a purge these tables grow for ever.
import { autoClose } from "../issues/stages";
import { purgeRateLimits } from "../lib/rate-limit";
import type { Queryable } from "./db";

export const KEEP_DAYS = 30;
export const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * What goes, each as `table: where` with $1 = now. Password resets live 10 minutes (their token 10 more) but count
 * toward the hourly cap of D9, so they go after a day.
 */
export const PURGES: ReadonlyArray<{ table: string; where: string }> = [
  { table: "sessions", where: "expires_at <= $1" },
  { table: "password_resets", where: `created_at < $1::timestamptz - interval '1 day'` },
  { table: "error_reports", where: `received_at < $1::timestamptz - interval '${KEEP_DAYS} days'` },
  { table: "outbox", where: `created_at < $1::timestamptz - interval '${KEEP_DAYS} days'` },
  // D23: a repeat is answered from here for 24 hours.
  { table: "idempotency_keys", where: `created_at < $1::timestamptz - interval '1 day'` },
  // Issue 14: contact-change and deletion codes live 10 minutes, Google sign-in flows 10 and tickets at most 30.
  { table: "contact_changes", where: `created_at < $1::timestamptz - interval '1 day'` },
  { table: "oauth_flows", where: `created_at < $1::timestamptz - interval '1 day'` },
  { table: "oauth_tickets", where: `created_at < $1::timestamptz - interval '1 day'` },
];

/** Deletes expired sessions, old password resets, error reports and mails older than 30 days, and ended rate-limit counters; returns the counts. */
export async function purge(db: Queryable, now: Date = new Date()): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const { table, where } of PURGES) {
    const { rows } = await db.query<{ n: number }>(`with gone as (delete from ${table} where ${where} returning 1) select count(*)::int as n from gone`, [now]);
    counts[table] = rows[0]?.n ?? 0;
  }
  // Rate-limit counters whose window and wait have ended (D25): their own rule lives beside the counters.
  counts.rate_limits = await purgeRateLimits(db, now.getTime());
  return counts;
}

/**
 * Purges at start and then every hour, and closes the completed issues nobody answered within 72 hours (LOOP.md
 * section 2; issue reads sweep them too). The timer never keeps the process alive; a failed run is logged and retried
 * next time.
 */
export function startPurging(db: Queryable, log: (entry: Record<string, unknown>) => void, everyMs = PURGE_EVERY_MS, now: () => Date = () => new Date()) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const at = now();
      const counts = await purge(db, at);
      if (Object.values(counts).some((n) => n > 0)) log({ msg: "purged", ...counts });
      const closed = await autoClose(db, at.getTime());
      if (closed > 0) log({ msg: "issues closed by themselves", closed });
    } catch (e) {
      log({ msg: "purge failed", error: String((e as Error)?.message ?? e) });
    } finally {
      running = false;
    }
  };
  const started = run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return { first: started, timer, stop: () => clearInterval(timer) };
}
