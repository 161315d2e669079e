import type { Hono, MiddlewareHandler } from "hono";
import { SESSION_MS } from "../../src/contract/session";
import type { Env } from "./env";
import type { Queryable } from "../db/db";
import { HttpError } from "./http";
import { msg } from "./i18n";
import { hashToken, newToken } from "./tokens";

/** The signed-in account, as handlers see it. */
export interface AuthUser {
  user_id: number;
  role: number;
  name: string;
  email: string | null;
  mob_no: string | null;
  cntry_code: string;
  company_id: number | null;
  got_email_mob: number;
}

/** AuthUser's columns, in the order SESSION_USER_SQL reads them. */
export const AUTH_USER_COLUMNS = [
  "user_id",
  "role",
  "name",
  "email",
  "mob_no",
  "cntry_code",
  "company_id",
  "got_email_mob",
] as const satisfies readonly (keyof AuthUser)[];

/** Opens a 3-day session and returns its token (shown once, stored hashed). */
export async function createSession(q: Queryable, userId: number, now = Date.now()): Promise<string> {
  const token = newToken();
  await q.query("insert into sessions (token_hash, user_id, expires_at) values ($1, $2, $3)", [hashToken(token), userId, new Date(now + SESSION_MS)]);
  return token;
}

/** The bearer token of a request, or null. */
export const bearerOf = (header: string | undefined) => /^Bearer\s+(\S+)$/i.exec(header ?? "")?.[1] ?? null;

/** Ends one session: the token stops working at once, on every server (the row is gone). */
export async function endSession(q: Queryable, token: string) {
  await q.query("delete from sessions where token_hash = $1", [hashToken(token)]);
}

export async function endSessions(q: Queryable, userId: number) {
  await q.query("delete from sessions where user_id = $1", [userId]);
}

/**
 * The account of a live session, by the hash of its token ($1): no row when it ended, expired or is disabled. Its
 * `session_expires_at` is not the account's.
 */
export const SESSION_USER_SQL = `select ${AUTH_USER_COLUMNS.map((k) => `u.${k}`).join(", ")}, s.expires_at as session_expires_at
       from sessions s join users u using (user_id)
      where s.token_hash = $1 and s.expires_at > now() and not u.disabled`;

/**
 * Sessions found on the embedded database, by token hash (issue 16: the lookup was a fifth of a list's time there).
 * One process owns that database (D24), and every write goes through its Db: an entry is used only while nothing
 * has been written since it was read (Db.writeMark: signing out, a disabled account, any write at all) and before its
 * session expires, so an ended session is refused at once as before. Never used with PostgreSQL, which other
 * processes write to (D25). At most CACHED_SESSIONS entries; past that it starts anew.
 */
const sessionCache = new WeakMap<object, Map<string, { user: AuthUser; expires: number; mark: number }>>();
const CACHED_SESSIONS = 10_000;

async function userFor(db: Queryable & { writeMark?: () => number }, header: string): Promise<AuthUser | null> {
  const token = bearerOf(header);
  if (!token) return null;
  const hash = hashToken(token);
  const mark = db.writeMark?.();
  let cache = mark === undefined ? undefined : sessionCache.get(db);
  const hit = cache?.get(hash);
  if (hit && hit.mark === mark && hit.expires > Date.now()) return { ...hit.user };
  const { rows } = await db.query<AuthUser & { session_expires_at: Date }>(SESSION_USER_SQL, [hash]);
  if (!rows[0]) return null;
  const { session_expires_at, ...user } = rows[0];
  if (mark !== undefined) {
    if (!cache || cache.size >= CACHED_SESSIONS) sessionCache.set(db, (cache = new Map()));
    cache.set(hash, { user: { ...user }, expires: new Date(session_expires_at).getTime(), mark });
  }
  return user;
}

/**
 * SESSION_USER_SQL with what the database has committed as `db_mark` (PostgreSQL's snapshot as text), read in the same
 * statement: one round trip tells who is asking and whether anything was written since a mark read before.
 */
const SESSION_MARK_SQL = SESSION_USER_SQL.replace(" from sessions s", ", pg_current_snapshot()::text as db_mark from sessions s");

/**
 * The session's account (null: none, as requireAuth) and a mark of what the database holds, read before anything the
 * request reads: while a later request finds the same mark, nothing was written meanwhile, so whatever was read after
 * the first mark is still what the database holds. The embedded database counts its own writes (Db.writeMark: one
 * process owns it, D24); PostgreSQL's snapshot (its transactions committed and running) changes with every
 * transaction that writes, in any process (D25), and never comes back to an earlier value.
 */
export async function sessionWithMark(db: Queryable & { writeMark?: () => number }, header: string) {
  const token = bearerOf(header);
  const hash = token ? hashToken(token) : null;
  if (db.writeMark) {
    const mark = `w${db.writeMark()}`;
    return { user: await userFor(db, header), mark, hash };
  }
  if (!hash) return { user: null, mark: "", hash };
  const { rows } = await db.query<AuthUser & { session_expires_at: Date; db_mark: string }>(SESSION_MARK_SQL, [hash]);
  if (!rows[0]) return { user: null, mark: "", hash };
  const { session_expires_at, db_mark, ...user } = rows[0];
  return { user: user as AuthUser, mark: db_mark, hash };
}

/** What `requireAuth` refuses: no account (401), or one of another role than `roles` (403; none given: any role). */
export function assertCaller(user: AuthUser | null, roles: readonly number[]): asserts user is AuthUser {
  if (!user) throw new HttpError(401, msg("signInAgain"));
  if (roles.length && !roles.includes(user.role)) throw new HttpError(403, msg("wrongRole"));
}

/** The env of handlers behind `requireAuth`: `c.var.user` is always set there, and only there. */
export type AuthedEnv = { Variables: Env["Variables"] & { user: AuthUser } };
/** A sub-app whose every route sits behind `requireAuth`. */
export type Authed = Hono<AuthedEnv>;

/** Requires a valid session (401) and, when roles are given, one of them (403). Sets a typed `c.var.user`. */
export function requireAuth(...roles: number[]): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const user = await userFor(c.var.db, c.req.header("authorization") ?? "");
    assertCaller(user, roles);
    c.set("user", user);
    await next();
  };
}
