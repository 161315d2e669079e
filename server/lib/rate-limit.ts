// One rate limiter for every route (D9), over counters in the database (D25): each hit is one atomic upsert, so the
// count is right across server processes and concurrent requests.
import type { Context, MiddlewareHandler } from "hono";
import type { AuthedEnv } from "./auth";
import type { Env } from "./env";
import type { Queryable } from "../db/db";
import { clientAddress } from "./client-address";
import { clock } from "./clock";
import { tooMany } from "./http";
import type { Text } from "./i18n";

export interface Limit {
  /** Names the counter family ("login", "register"...); keys of different limits never meet. */
  name: string;
  /** Hits allowed in one window; a function for limits read from the environment when used (LOGIN_RATE_LIMIT). */
  limit: number | (() => number);
  windowMs: number;
  /** The 429's detail. */
  detail: Text;
}

export interface Hit {
  count: number;
  /** When this window ends (ms since the epoch). */
  resetAt: number;
}

const limitOf = (l: Limit) => (typeof l.limit === "function" ? l.limit() : l.limit);

/** Counts one hit for `key` under `limit` and returns the window's count (the window starts at its first hit). */
export async function countHit(q: Queryable, name: string, key: string, windowMs: number, now = clock.now()): Promise<Hit> {
  const { rows } = await q.query<{ count: number; expires_at: Date }>(
    `insert into rate_limits (key, window_start, expires_at, count) values ($1, $2, $3, 1)
     on conflict (key) do update set
       count = case when rate_limits.expires_at <= $2 then 1 else rate_limits.count + 1 end,
       window_start = case when rate_limits.expires_at <= $2 then $2 else rate_limits.window_start end,
       expires_at = case when rate_limits.expires_at <= $2 then $3 else rate_limits.expires_at end
     returning count, expires_at`,
    [`${name}:${key}`, new Date(now), new Date(now + windowMs)],
  );
  return { count: rows[0].count, resetAt: new Date(rows[0].expires_at).getTime() };
}

/** Counts one hit and throws 429 (with `detail` and Retry-After) once the window holds more than the limit. */
export async function enforce(q: Queryable, limit: Limit, key: string, now = clock.now()): Promise<void> {
  const hit = await countHit(q, limit.name, key, limit.windowMs, now);
  if (hit.count > limitOf(limit)) throw tooMany(limit.detail, hit.resetAt - now);
}

/**
 * Route middleware: counts each request under `key(c)` (the client's address by default) before the handler runs.
 * A key of null skips the limit (e.g. a caller-keyed limit on a route some callers reach unsigned).
 */
export function rateLimit<E extends Env = Env>(limit: Limit & { key?: (c: Context<E>) => string | null }): MiddlewareHandler<E> {
  const keyOf = limit.key ?? ((c: Context<E>) => clientAddress(c));
  return async (c, next) => {
    const key = keyOf(c);
    if (key !== null) await enforce(c.var.db, limit, key);
    await next();
  };
}

/**
 * A signed-in call limited per caller (their user id) and per client address: the routes that make accounts or mail
 * invitations (adding or inviting again a tenant or an employee, D9).
 */
export const perCallerAndAddress = (perCaller: Limit, perAddress: Limit) =>
  [rateLimit<AuthedEnv>({ ...perCaller, key: (c) => `u${c.var.user.user_id}` }), rateLimit<AuthedEnv>(perAddress)] as const;

/** Forgets a counter (a successful sign-in ends its pair's backoff). */
export async function clearLimit(q: Queryable, name: string, key: string) {
  await q.query("delete from rate_limits where key = $1", [`${name}:${key}`]);
}

/** Deletes counters whose window has ended; run on a schedule (server/index.ts). Returns how many went. */
export async function purgeRateLimits(q: Queryable, now = clock.now()): Promise<number> {
  const { rows } = await q.query<{ n: number }>(
    "with gone as (delete from rate_limits where expires_at <= $1 and (blocked_until is null or blocked_until <= $1) returning 1) select count(*)::int as n from gone",
    [new Date(now)],
  );
  return rows[0].n;
}
