// Calls of notifications (issue 13; DECISIONS.md D22): the list, the unread count, marking read, the settings per kind
// and channel, and this phone's push subscription. Bodies are checked with the contract here; answers are parsed loosely.
import {
  type PushSubscriptionBody,
  type SettingRow,
  notificationsResponse,
  pushSubscriptionBody,
  settingsBody,
  settingsResponse,
  unreadResponse,
} from "../contract/notifications";
import { Refused } from "../lib/use-resource";
import { api } from "./client";

const ok = <T extends { status: number }>(answer: T) => {
  if (answer.status !== 1) throw new Refused();
  return answer;
};

/** GET /notification/notifications?page_num=: a page (20) of the caller's notifications, newest first, with the unread count. */
export async function fetchNotifications(page = 1, signal?: AbortSignal) {
  return ok(notificationsResponse.parse(await api.get("notification/notifications", { searchParams: { page_num: page }, signal }).json()));
}

/** GET /notification/unread_count: how many of the caller's notifications are unread. */
export async function fetchUnreadCount(signal?: AbortSignal) {
  return ok(unreadResponse.parse(await api.get("notification/unread_count", { signal }).json())).data.unread;
}

/**
 * PUT /notification/read?id=: a notification read (the caller's own only), with the caller's earlier ones of the same
 * issue; answers how many are left unread when the server says.
 */
export async function markRead(id: number): Promise<number | undefined> {
  const answer = (await api.put("notification/read", { searchParams: { id } }).json()) as { data?: { unread?: unknown } } | null;
  return typeof answer?.data?.unread === "number" ? answer.data.unread : undefined;
}

/** POST /notification/read_all: every notification of the caller read. */
export async function markAllRead() {
  await api.post("notification/read_all").json();
}

/** GET /notification/settings: each kind with its push and mail switches, and the server's public key for push. */
export async function fetchSettings(signal?: AbortSignal) {
  return ok(settingsResponse.parse(await api.get("notification/settings", { signal }).json())).data;
}

/** PUT /notification/settings: the rows that changed. */
export async function saveSettings(rows: SettingRow[]) {
  const json = settingsBody.parse({ settings: rows });
  return ok(settingsResponse.parse(await api.put("notification/settings", { json }).json())).data;
}

/** POST /notification/push_subscription: this phone's subscription (PushSubscription.toJSON()). */
export async function savePushSubscription(subscription: PushSubscriptionBody) {
  await api.post("notification/push_subscription", { json: pushSubscriptionBody.parse(subscription) }).json();
}

/** DELETE /notification/push_subscription: this phone no longer receives pushes. */
export async function removePushSubscription(endpoint: string) {
  await api.delete("notification/push_subscription", { json: { endpoint } }).json();
}
