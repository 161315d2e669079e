// Keeps the bell's count fresh (issue 13): asked for on sign-in, when the app comes back to the front, every minute
// while it is in front, and when the service worker says a push arrived; nothing while signed out (the count is cleared
// on sign-out). Started once by main.tsx. The answer (GET /notification/unread_count, src/contract/notifications.ts
// unreadResponse) is read by hand rather than with the contract's zod, which is not part of the first load.
import { effect } from "@preact/signals-react";
import { api } from "../api/client";
import { isAuthenticated, token } from "./session";
import { newsArrived, setUnread, issuesChanged, unread, unreadVersion } from "./unread";

export const UNREAD_EVERY_MS = 60_000;

/** Whether the count of this sign-in is known yet: its first answer is not news, only a later growth is. */
let counted = false;

/** Asks the server for the count now (does nothing while signed out); a failed ask keeps the count shown. */
export async function refreshUnread() {
  if (!isAuthenticated.value) return;
  const asked = unreadVersion();
  try {
    const answer = (await api.get("notification/unread_count").json()) as { status?: unknown; data?: { unread?: unknown } } | null;
    const n = answer?.status === 1 ? answer.data?.unread : undefined;
    // Dropped when the user signed out meanwhile, or the count changed here since the ask.
    if (typeof n === "number" && asked === unreadVersion() && isAuthenticated.value) {
      const grew = counted && n > unread.peek();
      counted = true;
      setUnread(n);
      if (grew) newsArrived.value++;
    }
  } catch {
    /* the next tick asks again */
  }
}

/**
 * Signed out: this phone's push subscription ends, so whoever uses the phone next never gets the last person's pushes
 * (the push service then answers 410 for it, and the server forgets it).
 */
function dropPushSubscription() {
  const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
  sw?.getRegistration?.()
    .then((r) => r?.pushManager?.getSubscription())
    .then((s) => s?.unsubscribe())
    .catch(() => undefined);
}

const visible = () => typeof document === "undefined" || document.visibilityState !== "hidden";

/** Keeps `unread` fresh while someone is signed in; returns the stop function. */
export function watchUnread(every = UNREAD_EVERY_MS) {
  const onVisible = () => {
    if (visible()) void refreshUnread();
  };
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type === "notification") void refreshUnread();
  };
  let signedIn = false;
  // A repair changed by the user (src/api/client.ts): asked again at once.
  let stale = issuesChanged.peek();
  const stopStale = effect(() => {
    if (issuesChanged.value === stale) return;
    stale = issuesChanged.value;
    void refreshUnread();
  });
  const stopWatch = effect(() => {
    // A new token is a new sign-in: ask at once.
    if (!isAuthenticated.value || !token.value) {
      setUnread(0);
      counted = false;
      if (signedIn) dropPushSubscription();
      signedIn = false;
      return;
    }
    signedIn = true;
    void refreshUnread();
    const timer = setInterval(onVisible, every);
    document.addEventListener("visibilitychange", onVisible);
    const sw = typeof navigator !== "undefined" ? navigator.serviceWorker : undefined;
    sw?.addEventListener("message", onMessage);
    return () => {
      clearInterval(timer);
      document.removeEventListener("visibilitychange", onVisible);
      sw?.removeEventListener("message", onMessage);
    };
  });
  return () => {
    stopStale();
    stopWatch();
  };
}
