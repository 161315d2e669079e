// Web Push on this phone (issue 13, DECISIONS.md D22): asked for only after something useful was done (a report sent,
// a job accepted), once (localStorage `push_asked`), never on first load. Allowing registers the service worker
// (/sw.js, built from src/sw.ts; src/lib/pwa.ts registers the same one after load), subscribes with the server's public
// key and sends the subscription to the server.
import { fetchSettings, savePushSubscription } from "../api/notifications";
import { readKey, writeKey } from "./storage";

export const PUSH_ASKED_KEY = "push_asked";

export type PushResult = "on" | "denied" | "dismissed" | "unsupported" | "unavailable" | "failed";

/** Whether this browser can receive Web Push at all. */
export function pushSupported() {
  return typeof window !== "undefined" && "Notification" in window && "PushManager" in window && "serviceWorker" in navigator;
}

/** The browser's answer so far: "default" until the user chose. */
export const pushPermission = (): NotificationPermission | "unsupported" => (pushSupported() ? Notification.permission : "unsupported");

/** Whether the prompt card may be shown: push works here, nobody answered it yet, and the user was not asked before. */
export function canAskPush() {
  return pushSupported() && Notification.permission === "default" && !readKey(PUSH_ASKED_KEY);
}

/** "Not now": never asked again on this phone (the settings screen still offers to turn it on). */
export function dismissPush() {
  writeKey(PUSH_ASKED_KEY, "later");
}

/** The server's VAPID public key (base64url) as the bytes PushManager.subscribe wants. */
export function keyBytes(base64url: string) {
  const base64 = (base64url + "=".repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, "+").replace(/_/g, "/");
  const raw = atob(base64);
  const out = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

/**
 * Registers the service worker, subscribes with the server's key (asked for unless given) and sends the subscription
 * (permission already granted).
 */
export async function subscribePush(knownKey?: string | null): Promise<PushResult> {
  try {
    const key = knownKey ?? (await fetchSettings()).push_public_key;
    if (!key) return "unavailable";
    // The app's one worker at the root scope: the same registration src/lib/pwa.ts makes, so this is a no-op once it
    // ran, and subscriptions made before the worker also held the precache still belong to it.
    await navigator.serviceWorker.register("./sw.js");
    const registration = await navigator.serviceWorker.ready;
    const subscription =
      (await registration.pushManager.getSubscription()) ??
      (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(key) }));
    const json = subscription.toJSON();
    await savePushSubscription({ endpoint: json.endpoint ?? subscription.endpoint, keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" } });
    return "on";
  } catch {
    return "failed";
  }
}

/**
 * "Allow": asks the browser (inside the tap, as browsers require) and, when granted, subscribes. Remembered, so the
 * card is not shown again whatever the answer.
 */
export async function askPushOnce(): Promise<PushResult> {
  if (!pushSupported()) return "unsupported";
  writeKey(PUSH_ASKED_KEY, "asked");
  const permission = await Notification.requestPermission();
  if (permission !== "granted") return permission === "denied" ? "denied" : "dismissed";
  return subscribePush();
}
