// The notification area (issue 13, D22; wire: src/contract/notifications.ts): the caller's own notifications, newest
// first in pages, with the unread count; marking one or all read; the settings per kind and channel with the key the
// browser subscribes to push with. Rows are written by ./notify.ts; push subscriptions live in server/push/routes.ts.
// Every call here also keeps the user's language (users.language, from the app's Accept-Language), in which push and
// mail are written.
import { Hono, type MiddlewareHandler } from "hono";
import * as z from "zod/mini";
import { KINDS_BY_ROLE, MAIL_KINDS, NOTIFICATIONS_PAGE_SIZE, NOTIFICATION_KINDS, type NotificationKind, settingsBody } from "../../src/contract/notifications";
import type { Queryable } from "../db/db";
import { requireAuthKept } from "../lib/answer-cache";
import { type AuthedEnv, requireAuth } from "../lib/auth";
import { clock } from "../lib/clock";
import type { Env } from "../lib/env";
import { HttpError, body, check } from "../lib/http";
import { langOf, msg, t, translate } from "../lib/i18n";
import { pageOf } from "../lib/paging";
import { vapidPublicKey } from "../push/vapid";

const idQuery = z.object({
  id: z.pipe(z.string().check(z.regex(/^\d{1,9}$/, translate("en", msg("notificationIdInvalid")))), z.transform(Number)),
});

/**
 * The language the app speaks to this user, kept when it changes. Read first and written only on a change: every
 * signed-in phone asks for its unread count each minute, and on the embedded database any update, even of no row,
 * counts as a write, which would read every kept answer afresh (lib/answer-cache.ts) and every cached session again.
 */
const rememberLanguage = (): MiddlewareHandler<AuthedEnv> => async (c, next) => {
  const header = c.req.header("accept-language");
  if (header) {
    const params = [c.var.user.user_id, langOf(header)];
    const { rows } = await c.var.db.query("select 1 from users where user_id = $1 and language <> $2", params);
    if (rows.length) await c.var.db.query("update users set language = $2 where user_id = $1 and language <> $2", params);
  }
  await next();
};

const unreadOf = async (q: Queryable, userId: number): Promise<number> =>
  (await q.query<{ n: number }>("select count(*)::int as n from notifications where user_id = $1 and read_at is null", [userId])).rows[0].n;

/** Every kind that can reach the user's role with its channels: on unless switched off; mail only ever for MAIL_KINDS. */
async function settingsOf(q: Queryable, userId: number, role: number) {
  const { rows } = await q.query<{ kind: NotificationKind; push: boolean; mail: boolean }>(
    "select kind, push, mail from notification_settings where user_id = $1",
    [userId],
  );
  const saved = new Map(rows.map((r) => [r.kind, r]));
  return (KINDS_BY_ROLE[role] ?? NOTIFICATION_KINDS).map((kind) => ({
    kind,
    push: saved.get(kind)?.push ?? true,
    mail: MAIL_KINDS.includes(kind) && (saved.get(kind)?.mail ?? true),
  }));
}

export function notificationRoutes() {
  const app = new Hono<Env>();

  app.get("/notification/notifications", requireAuthKept(), rememberLanguage(), async (c) => {
    const u = c.var.user;
    const page = pageOf(c.req.query());
    const { rows: counts } = await c.var.db.query<{ total: number; unread: number }>(
      "select count(*)::int as total, (count(*) filter (where read_at is null))::int as unread from notifications where user_id = $1",
      [u.user_id],
    );
    // A technician's reason for declining is for those who give the job to another (the sheet says it goes back to the
    // manager), not for the tenant, who hears only that another technician will be found (walked at 360 px).
    const { rows } = await c.var.db.query(
      `select notification_id, kind, issue_id, case when kind = 'declined' and $4 = 3 then params - 'reason' else params end as params,
              created_at, read_at from notifications
        where user_id = $1 order by created_at desc, notification_id desc limit $2 offset $3`,
      [u.user_id, NOTIFICATIONS_PAGE_SIZE, (page - 1) * NOTIFICATIONS_PAGE_SIZE, u.role],
    );
    return c.json({ status: 1, total: counts[0].total, unread: counts[0].unread, data: rows });
  });

  app.get("/notification/unread_count", requireAuthKept(), rememberLanguage(), async (c) =>
    c.json({ status: 1, data: { unread: await unreadOf(c.var.db, c.var.user.user_id) } }),
  );

  // Only one's own: anyone else's notification answers exactly as a missing one.
  app.put("/notification/read", requireAuth(), rememberLanguage(), async (c) => {
    const u = c.var.user;
    const { id } = check(idQuery, c.req.query());
    // With it, the caller's earlier notifications of the same issue: the tap opens the issue as it is now, so what
    // they said of it is seen too (they stayed unread after the repair was confirmed, the badge at 12; walked at 360 px).
    const { rows } = await c.var.db.query(
      `update notifications n set read_at = coalesce(n.read_at, $3)
         from notifications tapped
        where tapped.notification_id = $1 and tapped.user_id = $2 and n.user_id = $2
          and (n.notification_id = tapped.notification_id
               or (n.issue_id = tapped.issue_id and n.created_at <= tapped.created_at and n.read_at is null))
        returning n.notification_id`,
      [id, u.user_id, new Date(clock.now())],
    );
    if (!rows.length) throw new HttpError(404, msg("notificationMissing"));
    return c.json({ status: 1, message: t(c, msg("notificationRead")), data: { unread: await unreadOf(c.var.db, u.user_id) } });
  });

  app.post("/notification/read_all", requireAuth(), rememberLanguage(), async (c) => {
    const u = c.var.user;
    await c.var.db.query("update notifications set read_at = $2 where user_id = $1 and read_at is null", [u.user_id, new Date(clock.now())]);
    return c.json({ status: 1, message: t(c, msg("allNotificationsRead")), data: { unread: 0 } });
  });

  app.get("/notification/settings", requireAuth(), rememberLanguage(), async (c) =>
    c.json({ status: 1, data: { settings: await settingsOf(c.var.db, c.var.user.user_id, c.var.user.role), push_public_key: await vapidPublicKey(c.var.db) } }),
  );

  // The rows sent are saved (a kind sent twice: the last wins); kinds not sent keep what they had.
  app.put("/notification/settings", requireAuth(), rememberLanguage(), async (c) => {
    const u = c.var.user;
    const { settings } = await body(c, settingsBody);
    await c.var.db.tx(async (q) => {
      for (const s of settings)
        await q.query(
          `insert into notification_settings (user_id, kind, push, mail) values ($1, $2, $3, $4)
           on conflict (user_id, kind) do update set push = excluded.push, mail = excluded.mail`,
          [u.user_id, s.kind, s.push, s.mail],
        );
    });
    return c.json({
      status: 1,
      message: t(c, msg("notificationSettingsSaved")),
      data: { settings: await settingsOf(c.var.db, u.user_id, u.role), push_public_key: await vapidPublicKey(c.var.db) },
    });
  });

  return app;
}
