// Wire schemas of notifications (issue 13; LOOP.md sections 3 and 4; DECISIONS.md D22): the kinds of event, the list,
// the unread count, the settings per kind and channel, and push subscriptions. Shared by server/notifications/,
// server/push/ and the app (src/api/notifications.ts). The server stores a kind and its parameters; the app writes the
// sentence in the user's language (locales/notifications: notifications.kind.<kind>, with the params).
import * as z from "zod/mini";

/** Every event of D22 that reaches people (one row per recipient). */
export const NOTIFICATION_KINDS = [
  "reported",
  "assigned",
  "offer",
  "accepted",
  "declined",
  "slots_proposed",
  "scheduled",
  "rescheduled",
  "reminder_24h",
  "reminder_1h",
  "on_the_way",
  "completed",
  "confirmed",
  "reopened",
  "cancelled",
  "comment",
  "invitation",
  "not_accepted",
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * The kinds that can reach each role (the recipients of D22, server/notifications/notify.ts): the settings list only
 * these, so a tenant is not asked about job offers. Owners include what reaches a landlord (a property no company runs).
 */
/**
 * What a customer hears of their repair (a tenant): all but the reports and the job's own matters (an offer, the
 * work confirmed or reopened, which they do themselves, an invitation, a job not accepted). An owner hears the same
 * and what reaches a landlord.
 */
const NOT_CUSTOMERS: readonly NotificationKind[] = ["reported", "offer", "confirmed", "reopened", "invitation", "not_accepted"];
const CUSTOMER_KINDS = NOTIFICATION_KINDS.filter((k) => !NOT_CUSTOMERS.includes(k));
export const KINDS_BY_ROLE: Record<number, readonly NotificationKind[]> = {
  0: ["reported", ...CUSTOMER_KINDS, "not_accepted"],
  1: ["assigned", "offer", "scheduled", "rescheduled", "reminder_24h", "reminder_1h", "confirmed", "reopened", "cancelled", "comment"],
  2: ["reported", "accepted", "declined", "scheduled", "completed", "confirmed", "reopened", "cancelled", "comment", "not_accepted"],
  3: CUSTOMER_KINDS,
};

/** Channels a user may switch per kind; the in-app list and badge are always on. */
export const CHANNELS = ["push", "mail"] as const;
export type Channel = (typeof CHANNELS)[number];
/** Kinds that may go by mail (D22: assignment, schedule and completion). */
export const MAIL_KINDS: readonly NotificationKind[] = ["assigned", "scheduled", "rescheduled", "completed"];

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * One notification: `params` carry what the sentence needs (the issue's title, the actor's name, the visit, a reason);
 * the app writes the sentence from `kind` and them. `read_at` null while unread.
 */
export const notificationSchema = z.lazy(() =>
  z.looseObject({
    notification_id: z.number(),
    kind: z.string(),
    issue_id: z._default(z.nullable(z.number()), null),
    params: z._default(z.record(z.string(), z.unknown()), {}),
    created_at: z.string(),
    read_at: z._default(z.nullable(z.string()), null),
  }),
);
export type Notification = z.infer<typeof notificationSchema>;

/** GET /notification/notifications?page_num=: newest first, pages of 20. */
export const notificationsResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    total: z._default(z.number(), 0),
    unread: z._default(z.number(), 0),
    data: z._default(z.array(notificationSchema), []),
  }),
);
/** GET /notification/unread_count. */
export const unreadResponse = z.lazy(() => z.looseObject({ status: z.number(), data: z.looseObject({ unread: z.number() }) }));

/** One row of the settings: a kind and whether each channel is on (both on by default; mail only for MAIL_KINDS). */
export const settingRow = z.lazy(() =>
  z.object({
    kind: z.enum(NOTIFICATION_KINDS),
    push: z.boolean(),
    mail: z.boolean(),
  }),
);
export type SettingRow = z.infer<typeof settingRow>;
/** GET /notification/settings answer, and PUT /notification/settings body (the rows to change). */
export const settingsResponse = z.lazy(() =>
  z.looseObject({
    status: z.number(),
    data: z.looseObject({ settings: z.array(settingRow), push_public_key: z._default(z.nullable(z.string()), null) }),
  }),
);
export const settingsBody = z.lazy(() => z.object({ settings: z.array(settingRow).check(z.minLength(1), z.maxLength(NOTIFICATION_KINDS.length)) }));

/** POST /notification/push_subscription: the browser's PushSubscription.toJSON(); DELETE with {endpoint} removes it. */
export const pushSubscriptionBody = z.lazy(() =>
  z.object({
    endpoint: z.url().check(z.maxLength(2000)),
    keys: z.object({ p256dh: z.string().check(z.minLength(1), z.maxLength(200)), auth: z.string().check(z.minLength(1), z.maxLength(100)) }),
  }),
);
export type PushSubscriptionBody = z.infer<typeof pushSubscriptionBody>;

/** The payload a push carries (JSON), which the service worker shows: the sentence made by the server in the user's language. */
export const pushPayload = z.lazy(() =>
  z.looseObject({
    title: z.string(),
    body: z.string(),
    /** The hash route to open on tap: the issue's screen for the recipient (src/paths.ts issueView, openIssue or closedIssue). */
    url: z.string(),
    notification_id: z.optional(z.number()),
    kind: z.optional(z.string()),
  }),
);
export type PushPayload = z.infer<typeof pushPayload>;
