// D23: a write that carries an Idempotency-Key (the app makes one when the user presses the button, and ky repeats
// the request with it after a dropped connection) is done once; a repeat within 24 hours gets the first answer back.
// Keys live in the database (D25), per account, so another user's key can never replay someone else's answer.
import type { MiddlewareHandler } from "hono";
import type { AuthedEnv } from "./auth";
import { HttpError } from "./http";
import { msg } from "./i18n";

export const IDEMPOTENCY_HEADER = "idempotency-key";
const KEY = /^[A-Za-z0-9_.:-]{8,100}$/;

/** Behind requireAuth: replays the stored answer of a key already used by this account, or stores a success's answer. */
export function idempotent(): MiddlewareHandler<AuthedEnv> {
  return async (c, next) => {
    const key = c.req.header(IDEMPOTENCY_HEADER);
    if (!key) return next();
    if (!KEY.test(key)) throw new HttpError(422, msg("idempotencyKey"), { [IDEMPOTENCY_HEADER]: msg("idempotencyKey") });
    const route = `${c.req.method} ${c.req.path}`;
    const userId = c.var.user.user_id;
    const { rows } = await c.var.db.query<{ route: string; status: number; body: unknown }>(
      "select route, status, body from idempotency_keys where user_id = $1 and key = $2 and created_at > now() - interval '24 hours'",
      [userId, key],
    );
    if (rows[0]) {
      // One key, one write: the same key on another route is a client's mistake, not a repeat.
      if (rows[0].route !== route) throw new HttpError(422, msg("idempotencyKey"), { [IDEMPOTENCY_HEADER]: msg("idempotencyKey") });
      c.header("Idempotent-Replayed", "true");
      return c.json(rows[0].body as object, rows[0].status as 200);
    }
    await next();
    const type = c.res.headers.get("content-type") ?? "";
    if (c.res.status >= 300 || !type.includes("application/json")) return;
    const body = await c.res.clone().json();
    await c.var.db.query(
      `insert into idempotency_keys (user_id, key, route, status, body) values ($1, $2, $3, $4, $5)
       on conflict (user_id, key) do update set route = excluded.route, status = excluded.status, body = excluded.body, created_at = now()`,
      [userId, key, route, c.res.status, JSON.stringify(body)],
    );
  };
}
