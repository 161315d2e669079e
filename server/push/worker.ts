// The delivery worker (issue 13, D22): every few seconds while the server runs, and at once when a request has made
// notifications (kickDelivery), it
// (a) fires the due reminders: each taken once with FOR UPDATE SKIP LOCKED, however many servers share the database
//     and across restarts (taken_at), and turned into notifications only while the issue still matches;
// (b) sends each notification whose push is pending as a Web Push to every subscription of its user, in the user's
//     language, and drops the subscriptions the push service says are gone (404, 410);
// (c) mails the notifications whose mail is pending through the server's mailer.
// Rows are claimed in a short transaction (marked sent) and sent after it, so no network wait holds a lock or, on the
// embedded database, every other request; a process that dies in between loses that one message instead of sending
// it twice. Started beside the hourly purge (server/index.ts); the timer never keeps the process alive.
import type { NotificationKind, PushPayload } from "../../src/contract/notifications";
import { paths } from "../../src/paths";
import type { Db, Queryable } from "../db/db";
import { clock } from "../lib/clock";
import type { Lang } from "../lib/i18n";
import type { Mailer } from "../mail/mailer";
import { APP_NAME, notificationMail } from "../mail/templates";
import { notify } from "../notifications/notify";
import { VISIT_KEY_SQL } from "./reminders";
import { type SentenceParams, isKind, sentence } from "./sentences";
import { vapidKeys, vapidSubject } from "./vapid";

export const DELIVER_EVERY_MS = 5000;
/** Rows taken per transaction. */
export const BATCH = 20;
/** Batches of each kind per round. */
const MAX_BATCHES = 50;
/** How long a push service may take to answer. */
export const PUSH_TIMEOUT_MS = 10_000;
/** How long a push service keeps a message for a phone that is off (seconds). */
const PUSH_TTL_S = 24 * 3600;

type Log = (entry: Record<string, unknown>) => void;

// Every running worker of this process; kickDelivery wakes them all.
const wakers = new Set<() => void>();

/** Wakes the delivery worker: a committed transaction has made notifications (or reminders fell due). */
export function kickDelivery(): void {
  for (const wake of wakers) wake();
}

export interface DeliveryDeps {
  db: Db;
  mailer: Mailer;
  log: Log;
  /** Where the app lives, for links in mails: APP_URL, else http://localhost:PORT. */
  appUrl?: string;
}

export const appUrlFromEnv = (env: Record<string, string | undefined> = process.env) =>
  (env.APP_URL?.trim() || `http://localhost:${env.PORT ?? 8080}`).replace(/\/+$/, "");

interface Pending {
  notification_id: number;
  user_id: number;
  kind: string;
  issue_id: number | null;
  params: SentenceParams;
  role: number;
  name: string;
  email: string | null;
  language: string;
  /** The recipient is the issue's assigned technician. */
  is_tech: boolean;
}

const langOfUser = (language: string | null | undefined): Lang => (language === "ar" ? "ar" : "en");

/**
 * The hash route a notification opens for its recipient: technicians their job (the closed job once it is finished),
 * everyone else the issue; a notification without an issue, the list.
 */
export function routeFor(n: Pick<Pending, "issue_id" | "role" | "params">): string {
  if (n.issue_id === null) return paths.notifications;
  if (n.role === 1) return n.params.finished === true ? paths.closedIssue(n.issue_id) : paths.openIssue(n.issue_id);
  return paths.issueView(n.issue_id);
}

const textOf = (n: Pending, lang: Lang) => (isKind(n.kind) ? sentence(n.kind as NotificationKind, n.params ?? {}, lang, n.is_tech) : null);

/** Takes up to BATCH rows whose `column` is pending and marks them sent (claimed), in one short transaction. */
async function claim(db: DeliveryDeps["db"], column: "push_state" | "mail_state"): Promise<Pending[]> {
  return db.tx(async (q) => {
    const { rows } = await q.query<Pending>(
      `with taken as (
         select notification_id from notifications where ${column} = 'pending'
          order by notification_id limit ${BATCH} for update skip locked)
       update notifications n set ${column} = 'sent' from taken, users u
        where n.notification_id = taken.notification_id and u.user_id = n.user_id
       returning n.notification_id, n.user_id, n.kind, n.issue_id, n.params, u.role, u.name, u.email, u.language,
                 exists (select 1 from issues i where i.issue_id = n.issue_id and i.assigned_tech_id = n.user_id) as is_tech`,
    );
    return rows.map((r) => ({ ...r, params: typeof r.params === "string" ? JSON.parse(r.params) : (r.params ?? {}) }));
  });
}

const mark = (q: Queryable, column: "push_state" | "mail_state", ids: number[], state: "none" | "failed") =>
  ids.length ? q.query(`update notifications set ${column} = $2 where notification_id = any($1::int[])`, [ids, state]) : Promise.resolve();

interface Subscription {
  subscription_id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** Sends one push; the push service's status (201 on success), or 0 when it could not be reached. */
async function sendPush(sub: Subscription, payload: PushPayload, vapid: { subject: string; publicKey: string; privateKey: string }): Promise<number> {
  // web-push loads with the first push, not with the server (memory at rest, issue 16).
  const { default: webpush } = await import("web-push");
  const request = webpush.generateRequestDetails({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
    vapidDetails: vapid,
    TTL: PUSH_TTL_S,
    contentEncoding: "aes128gcm",
  });
  // fetch sets the length itself (and refuses a Content-Length of our own); http endpoints work too (tests).
  const headers = Object.fromEntries(Object.entries(request.headers).filter(([k]) => k.toLowerCase() !== "content-length")) as Record<string, string>;
  const answer = await fetch(request.endpoint, {
    method: request.method,
    headers,
    body: request.body ? new Uint8Array(request.body) : undefined,
    signal: AbortSignal.timeout(PUSH_TIMEOUT_MS),
  });
  await answer.arrayBuffer().catch(() => undefined);
  return answer.status;
}

/** (b) One batch of pending pushes; returns how many notifications it took. */
export async function deliverPushes(deps: DeliveryDeps): Promise<number> {
  const rows = await claim(deps.db, "push_state");
  if (!rows.length) return 0;
  const keys = await vapidKeys(deps.db);
  const vapid = { subject: vapidSubject(), ...keys };
  const { rows: subs } = await deps.db.query<Subscription & { user_id: number }>(
    "select subscription_id, user_id, endpoint, p256dh, auth from push_subscriptions where user_id = any($1::int[]) order by subscription_id",
    [[...new Set(rows.map((r) => r.user_id))]],
  );
  const nobody: number[] = [];
  const failed: number[] = [];
  const gone = new Set<number>();
  for (const n of rows) {
    const mine = subs.filter((s) => s.user_id === n.user_id && !gone.has(s.subscription_id));
    const body = textOf(n, langOfUser(n.language));
    // No browser subscribed (or a kind without a sentence): nothing to send.
    if (!mine.length || body === null) {
      nobody.push(n.notification_id);
      continue;
    }
    const payload: PushPayload = { title: APP_NAME, body, url: routeFor(n), notification_id: n.notification_id, kind: n.kind };
    let delivered = false;
    for (const sub of mine) {
      let status = 0;
      try {
        status = await sendPush(sub, payload, vapid);
      } catch (e) {
        deps.log({ msg: "push failed", notification_id: n.notification_id, error: String((e as Error)?.message ?? e) });
        continue;
      }
      if (status >= 200 && status < 300) delivered = true;
      else if (status === 404 || status === 410) gone.add(sub.subscription_id);
      else deps.log({ msg: "push refused", notification_id: n.notification_id, status });
    }
    if (!delivered) failed.push(n.notification_id);
  }
  await mark(deps.db, "push_state", nobody, "none");
  await mark(deps.db, "push_state", failed, "failed");
  if (gone.size) {
    // The browser unsubscribed or the subscription expired: it never works again.
    await deps.db.query("delete from push_subscriptions where subscription_id = any($1::int[])", [[...gone]]);
    deps.log({ msg: "push subscriptions gone", count: gone.size });
  }
  return rows.length;
}

/** (c) One batch of pending mails; returns how many notifications it took. */
export async function deliverMails(deps: DeliveryDeps): Promise<number> {
  const rows = await claim(deps.db, "mail_state");
  const failed: number[] = [];
  const appUrl = (deps.appUrl ?? appUrlFromEnv()).replace(/\/+$/, "");
  for (const n of rows) {
    const lang = langOfUser(n.language);
    const text = textOf(n, lang);
    if (!n.email || text === null) {
      failed.push(n.notification_id);
      continue;
    }
    try {
      await deps.mailer.send(notificationMail({ to: n.email, name: n.name, lang, sentence: text, link: `${appUrl}/#${routeFor(n)}` }));
    } catch (e) {
      failed.push(n.notification_id);
      deps.log({ msg: "mail failed", notification_id: n.notification_id, error: String((e as Error)?.message ?? e) });
    }
  }
  await mark(deps.db, "mail_state", failed, "failed");
  return rows.length;
}

interface DueReminder {
  reminder_id: number;
  issue_id: number;
  kind: "reminder_24h" | "reminder_1h" | "not_accepted";
  /** The issue still matches what the reminder was made for. */
  valid: boolean;
}

/**
 * (a) One batch of due reminders, in one transaction: each taken once (SKIP LOCKED, then taken_at), and notified while
 * the issue still is as planned: scheduled for the same visit, or assigned to the same technician who has not
 * accepted. Returns how many it took (sent or dropped).
 */
export async function fireDueReminders(db: DeliveryDeps["db"], now = clock.now()): Promise<number> {
  return db.tx(async (q) => {
    const { rows } = await q.query<DueReminder>(
      `with due as (
         select reminder_id from reminders where taken_at is null and due_at <= $1
          order by due_at, reminder_id limit ${BATCH} for update skip locked),
       taken as (
         update reminders r set taken_at = $1 from due where r.reminder_id = due.reminder_id
         returning r.reminder_id, r.issue_id, r.kind, r.visit, r.tech_id)
       select t.reminder_id, t.issue_id, t.kind,
              coalesce(case when t.kind = 'not_accepted' then i.stage = 'assigned' and i.assigned_tech_id = t.tech_id
                            else i.stage = 'scheduled' and ${VISIT_KEY_SQL} = t.visit end, false) as valid
         from taken t join issues i on i.issue_id = t.issue_id
        order by t.reminder_id`,
      [new Date(now)],
    );
    for (const r of rows) if (r.valid) await notify(q, r.issue_id, r.kind, null);
    return rows.length;
  });
}

export interface Delivery {
  /** The first round, started at once. */
  first: Promise<void>;
  /** One round now (tests); resolves when it is done. */
  tick(): Promise<void>;
  /** Stops the timer and waits for the round under way. */
  stop(): Promise<void>;
  timer: ReturnType<typeof setInterval>;
}

/**
 * Runs rounds at start, every `everyMs` and whenever kicked, one at a time (a kick during a round runs one more after
 * it). A round fires due reminders and sends pushes and mails until nothing is pending. Failures are logged; the next
 * round tries again.
 */
export function startDelivery(deps: DeliveryDeps, everyMs = DELIVER_EVERY_MS): Delivery {
  let current: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const round = async () => {
    try {
      // Batch after batch until nothing is left, at most MAX_BATCHES of each per round: the next round goes on.
      for (let i = 0; i < MAX_BATCHES && !stopped; i++) if ((await fireDueReminders(deps.db)) === 0) break;
      for (let i = 0; i < MAX_BATCHES && !stopped; i++) if ((await deliverPushes(deps)) + (await deliverMails(deps)) === 0) break;
    } catch (e) {
      deps.log({ msg: "delivery failed", error: String((e as Error)?.message ?? e) });
    }
  };
  const run = (): Promise<void> => {
    if (stopped) return Promise.resolve();
    if (current) {
      again = true;
      return current;
    }
    current = (async () => {
      do {
        again = false;
        await round();
      } while (again && !stopped);
      current = null;
    })();
    return current;
  };
  const wake = () => void run();
  wakers.add(wake);
  const first = run();
  const timer = setInterval(wake, everyMs);
  timer.unref();
  return {
    first,
    tick: async () => {
      // A round already under way may have read before the caller's change: wait for it, then run one more.
      if (current) await current;
      await run();
    },
    stop: async () => {
      stopped = true;
      clearInterval(timer);
      wakers.delete(wake);
      await current;
    },
    timer,
  };
}
