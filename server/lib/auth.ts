import type { Hono, MiddlewareHandler } from "hono";
import type { Deps } from "./env";
import type { Queryable } from "../db/db";
import { HttpError } from "./http";
import { msg } from "./i18n";
import { hashToken, newToken } from "./tokens";

export const SESSION_MS = 3 * 24 * 60 * 60 * 1000;

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

async function userFor(db: Queryable, header: string): Promise<AuthUser | null> {
  const token = bearerOf(header);
  if (!token) return null;
  const { rows } = await db.query<AuthUser>(
    `select u.user_id, u.role, u.name, u.email, u.mob_no, u.cntry_code, u.company_id, u.got_email_mob
       from sessions s join users u using (user_id)
      where s.token_hash = $1 and s.expires_at > now() and not u.disabled`,
    [hashToken(token)],
  );
  return rows[0] ?? null;
}

/** The env of handlers behind `requireAuth`: `c.var.user` is always set there, and only there. */
export type AuthedEnv = { Variables: Deps & { user: AuthUser } };
/** A sub-app whose every route sits behind `requireAuth`. */
export type Authed = Hono<AuthedEnv>;

/** Requires a valid session (401) and, when roles are given, one of them (403). Sets a typed `c.var.user`. */
export function requireAuth(...roles: number[]): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const user = await userFor(c.var.db, c.req.header("authorization") ?? "");
    if (!user) throw new HttpError(401, msg("signInAgain"));
    if (roles.length && !roles.includes(user.role)) throw new HttpError(403, msg("wrongRole"));
    c.set("user", user);
    await next();
  };
}
