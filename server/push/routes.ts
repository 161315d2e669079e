// Push subscriptions (issue 13, D22): the app posts the browser's PushSubscription after the user allowed notifications,
// and deletes it when they switch push off or sign out. One row per endpoint: the same browser signed in as someone
// else takes the row over, so a shared phone never shows the previous user's news.
import { Hono } from "hono";
import * as z from "zod/mini";
import { pushSubscriptionBody } from "../../src/contract/notifications";
import type { Queryable } from "../db/db";
import { requireAuth } from "../lib/auth";
import type { Env } from "../lib/env";
import { HttpError, body } from "../lib/http";
import { langOf, msg } from "../lib/i18n";

/** Subscriptions kept per user (phones, browsers); the oldest beyond go. */
export const MAX_SUBSCRIPTIONS = 10;

/**
 * Push services answer on https. Plain http is refused (the server would otherwise post to any address a user names)
 * unless PUSH_ALLOW_HTTP=1 (tests and local trials with a push endpoint on this machine).
 */
export const endpointAllowed = (endpoint: string, env: Record<string, string | undefined> = process.env) =>
  endpoint.startsWith("https://") || (env.PUSH_ALLOW_HTTP === "1" && endpoint.startsWith("http://"));

const deleteBody = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(2000)) });

/** Stores (or takes over) a subscription for `userId` and keeps the newest MAX_SUBSCRIPTIONS of theirs. */
export async function saveSubscription(q: Queryable, userId: number, sub: { endpoint: string; keys: { p256dh: string; auth: string } }) {
  const { rows } = await q.query<{ subscription_id: number }>(
    `insert into push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, $2, $3, $4)
     on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth, created_at = now()
     returning subscription_id`,
    [userId, sub.endpoint, sub.keys.p256dh, sub.keys.auth],
  );
  await q.query(
    `delete from push_subscriptions where user_id = $1 and subscription_id not in (
       select subscription_id from push_subscriptions where user_id = $1 order by created_at desc, subscription_id desc limit $2)`,
    [userId, MAX_SUBSCRIPTIONS],
  );
  return rows[0].subscription_id;
}

/** POST /notification/push_subscription, DELETE /notification/push_subscription {endpoint}. */
export function pushRoutes() {
  const app = new Hono<Env>();
  app.post("/notification/push_subscription", requireAuth(), async (c) => {
    const sub = await body(c, pushSubscriptionBody);
    if (!endpointAllowed(sub.endpoint)) throw new HttpError(422, msg("invalidField"), { endpoint: msg("invalidField") });
    const user = c.var.user;
    const id = await c.var.db.tx(async (q) => {
      const made = await saveSubscription(q, user.user_id, sub);
      // Pushes are written in the language the app runs in on this browser (D17).
      await q.query("update users set language = $2 where user_id = $1", [user.user_id, langOf(c.req.header("accept-language"))]);
      return made;
    });
    return c.json({ status: 1, data: { subscription_id: id } });
  });
  app.delete("/notification/push_subscription", requireAuth(), async (c) => {
    const { endpoint } = await body(c, deleteBody);
    // Only the caller's own: another user's endpoint is left alone, and the answer is the same either way.
    await c.var.db.query("delete from push_subscriptions where endpoint = $1 and user_id = $2", [endpoint, c.var.user.user_id]);
    return c.json({ status: 1 });
  });
  return app;
}
